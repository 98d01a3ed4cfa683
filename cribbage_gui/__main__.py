import sys

from cribbage_gui.cli import main

sys.exit(main())
