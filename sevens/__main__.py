"""``python -m sevens`` runs the ``sevens`` command."""

from sevens.cli import main

main()
