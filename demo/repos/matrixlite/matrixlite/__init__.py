"""matrixlite: small dense matrices and vectors in pure Python."""
from .matrix import Matrix
from .vector import dot, norm

__all__ = ["Matrix", "dot", "norm"]
