"""The step API and the reinforcement-learning environments built on it.

:mod:`sevens.envs.game` runs the runtime's one game loop as a coroutine so
every decision is an explicit step; :mod:`sevens.envs.pettingzoo_env` and
:mod:`sevens.envs.openspiel_game` wrap it for those frameworks.
"""
