# Puts the runtime folder on the path: the tests import the runtime as the package copies it (_runtime).
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
