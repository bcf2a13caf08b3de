"""A small XML part parsed into elements, refusing entities and DTDs (defusedxml).

Only for parts remi looks into now and then (a sheet's drawing, its comments): defusedxml
takes a while to load, which a check of a notebook without them never pays.
"""

from __future__ import annotations

from typing import Any


def parse(xml: bytes) -> Any:
    """The root element of `xml`; `ValueError` for XML that is broken or declares entities."""
    import defusedxml.ElementTree as SafeTree
    from defusedxml import DefusedXmlException

    try:
        return SafeTree.fromstring(xml)
    except (SafeTree.ParseError, DefusedXmlException) as error:
        raise ValueError(str(error)) from None
