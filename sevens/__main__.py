"""``python -m sevens`` runs the ``sevens`` command."""

from .cli import main

main()
