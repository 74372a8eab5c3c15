"""``python -m compiler`` runs the ``sevens`` command."""

from compiler.cli import main

main()
