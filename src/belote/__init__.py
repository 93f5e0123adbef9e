"""belote — rules engine, play and analysis for belote, contrée, coinche and their family.

The engine lives in :mod:`belote.engine` and imports no UI, server or AI code.
"""

__version__ = "0.1.0"
