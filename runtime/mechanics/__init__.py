"""The declared mechanics of the turn loop, one module each.

:mod:`~sevens.runtime.mechanics.base` holds what every deal has (seats, places, the
record); each other module adds the methods of one mechanic to the turn loop of
:mod:`sevens.runtime.turns`, which binds the hooks a rule set needs once per deal
(the way python-chess variants override a few methods of one board).
"""
