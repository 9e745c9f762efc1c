"""``python -m longdoc``: the same command line as the ``longdoc`` script."""

import sys

from .cli import main

sys.exit(main())
