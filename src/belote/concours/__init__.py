"""The club *concours* (seed 000): registration, the draw of each partie, score entry checked
against the preset's scoring, the ranking and its tie-breaks, the printables (PDF, CSV) and
the store of it all, in the same database as ``belote serve``.

A floor between ``table`` and ``server`` (docs/architecture.md): the ``belote concours``
commands (``cli``) and the organiser's pages (``server``) draw and forward; this package holds
the concours's rules and data.
"""
