import sys

from arbitro.cli import main

sys.exit(main())
