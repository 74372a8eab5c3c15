"""The native backend's numba kernels (:mod:`sevens.runtime.native.kernels`).

Only the kernels live in the runtime; the driver that lowers a rule set and
feeds them is :mod:`sevens.native` in the application layer.
"""
