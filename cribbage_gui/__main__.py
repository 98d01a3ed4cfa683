import sys

from cribbage_gui.entry import main

sys.exit(main())
