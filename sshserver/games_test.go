package sshserver_test

import (
	"testing"
	"time"

	"arcade/engine/firelibrary"
	"arcade/engine/firetower"
	"arcade/engine/labyrinth"
	"arcade/rooms"
	"arcade/sshserver"
	"arcade/sshserver/sshtest"
	"arcade/ui"
	uifirelibrary "arcade/ui/firelibrary"
	uifiretower "arcade/ui/firetower"
	uilabyrinth "arcade/ui/labyrinth"
)

// testGames are the games the SSH tests play, in the lobby's order.
var testGames = []ui.Game{
	{Engine: firelibrary.Game{}, Board: uifirelibrary.NewBoard},
	{Engine: firetower.Game{}, Board: uifiretower.NewBoard},
	{Engine: labyrinth.Game{}, Board: uilabyrinth.NewBoard},
}

// startGames is sshtest.Start with testGames wired into the hub and into
// every session's lobby.
func startGames(t *testing.T, configure func(*sshserver.Config)) *sshtest.Server {
	t.Helper()
	return startHubGames(t, rooms.Config{BotDelay: time.Millisecond, ResponseWindow: time.Second}, configure)
}

// startHubGames is sshtest.StartHub with testGames wired in.
func startHubGames(t *testing.T, hubCfg rooms.Config, configure func(*sshserver.Config)) *sshtest.Server {
	t.Helper()
	hubCfg.Games = ui.Engines(testGames)
	return sshtest.StartHub(t, hubCfg, func(c *sshserver.Config) {
		c.Games = testGames
		if configure != nil {
			configure(c)
		}
	})
}
