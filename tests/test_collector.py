"""The collector switch and what the `remi` program keeps until it leaves."""

from __future__ import annotations

import gc
import weakref

import pytest

from remi_sheet.core import collector


class _Thing:
    """Something a weak reference can watch."""


def test_as_a_library_nothing_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector, "_kept", None)
    thing = _Thing()
    watched = weakref.ref(thing)
    collector.keep_until_exit(thing)
    del thing
    assert watched() is None  # freed at once, as Python frees it


def test_the_program_keeps_what_it_is_given_until_it_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(collector, "_kept", None)
    collector.freed_at_exit()
    thing = _Thing()
    watched = weakref.ref(thing)
    collector.keep_until_exit(thing)
    del thing
    gc.collect()
    assert watched() is not None
    collector.freed_at_exit()  # a second call keeps what is kept
    gc.collect()
    assert watched() is not None


def test_paused_resumes_the_collector() -> None:
    assert gc.isenabled()
    with collector.paused():
        assert not gc.isenabled()
    assert gc.isenabled()
