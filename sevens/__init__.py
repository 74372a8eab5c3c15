"""sevens: a declarative rules compiler for the Sevens family of card games.

The distribution installs one package, ``sevens``, whose subpackages are the
repository's top-level folders: ``sevens.compiler`` (compiler/),
``sevens.runtime`` (runtime/), ``sevens.generated`` (generated/) and
``sevens.rulespecs`` (rulespecs/).  ``sevens.cli`` is the ``sevens`` command.
"""

__all__: list[str] = []
