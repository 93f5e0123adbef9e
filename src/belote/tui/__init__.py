"""The terminal table (Textual): ``belote play``. A thin layer over the engine."""
