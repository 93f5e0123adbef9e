"""Shared test set-up.

Every test gets its own data folder (``BELOTE_DATA_DIR``): nothing a test saves (a game in
progress, an archived game) may land in the user's real folder and replace their saved game.
Tests that need a particular folder set the variable again themselves."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path_factory.mktemp("belote-data")))
