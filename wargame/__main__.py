from wargame.cli import main

raise SystemExit(main())
