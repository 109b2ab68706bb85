package ui

// The board views of the installed games register themselves here.
import (
	_ "arcade/ui/firelibrary"
	_ "arcade/ui/fireproto"
	_ "arcade/ui/firetower"
	_ "arcade/ui/labyrinth"
)
