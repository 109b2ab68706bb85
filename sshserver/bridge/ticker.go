package bridge

import tea "charm.land/bubbletea/v2"

// stopTicker stops Bubble Tea's render ticker, which v2.1.1 runs at the
// program's frame rate for the whole life of every program, renderer or not
// (tea.go startRenderer). ReleaseTerminal is the only call that stops it; with
// no input reader and no renderer it touches nothing else (it waits up to
// 500 ms for a read loop that does not exist, so it runs on a command
// goroutine). Delete this once Bubble Tea stops ticking while idle (upstream
// PRs #1776, #1796); TestTickerStopped says when it no longer works.
func stopTicker(p *tea.Program) {
	_ = p.ReleaseTerminal()
}
