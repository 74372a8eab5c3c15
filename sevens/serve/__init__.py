"""The house-rule workbench in the browser: ``sevens serve`` (issue 26).

One module per concern: :mod:`.command` (the CLI command and the server's start),
:mod:`.app` (the routes), :mod:`.security` (token, Host/Origin checks, size and time
limits), :mod:`.workbench` (the live results of the text being edited: diagnostics, rule
sheet, differences, fairness), :mod:`.play_socket` (a deal against the bots over a
WebSocket) and :mod:`.i18n` (the page's texts in nine languages).  Importing this
package needs none of the optional dependencies (the extra ``sevens[serve]``).
"""
