"""Inference backends behind one interface, and the response store.

``load_backend("packaged/smollm2-135m")`` and friends import their libraries only when called.
"""

from pyverify.models._backend import Backend, BackendError, Decoding, Request, Response, load_backend, parse_spec

__all__ = ["Backend", "BackendError", "Decoding", "Request", "Response", "load_backend", "parse_spec"]
