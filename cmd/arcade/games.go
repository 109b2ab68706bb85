package main

// The games the arcade serves: each package registers itself with the engine
// registry when imported. Add a line here for every new game.
import (
	_ "arcade/engine/firelibrary"
	_ "arcade/engine/fireproto"
	_ "arcade/engine/firetower"
	_ "arcade/engine/labyrinth"
)
