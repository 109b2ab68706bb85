package main

import (
	"arcade/engine/firelibrary"
	"arcade/engine/fireproto"
	"arcade/engine/firetower"
	"arcade/engine/horror"
	"arcade/engine/labyrinth"
	"arcade/ui"
	uifirelibrary "arcade/ui/firelibrary"
	uifireproto "arcade/ui/fireproto"
	uifiretower "arcade/ui/firetower"
	uihorror "arcade/ui/horror"
	uilabyrinth "arcade/ui/labyrinth"
)

// games is every game the arcade serves, in the order the lobby and
// `arcade games` list them: its rules (engine/<game>) and its board view
// (ui/<game>). A new game is one line here; nothing else registers it.
var games = []ui.Game{
	{Engine: firelibrary.Game{}, Board: uifirelibrary.NewBoard},
	{Engine: fireproto.Game{}, Board: uifireproto.NewBoard},
	{Engine: firetower.Game{}, Board: uifiretower.NewBoard},
	{Engine: horror.Game{}, Board: uihorror.NewBoard},
	{Engine: labyrinth.Game{}, Board: uilabyrinth.NewBoard},
}
