package sshserver

import "time"

// Observer is told what the server does, for an operator's metrics (see
// Config.Observe). Its methods are called on the server's hot paths: they
// must be quick and never block.
type Observer interface {
	// Handshake counts a connection's SSH handshake: "ok" once it has
	// authenticated, "failed" when it broke off or timed out.
	Handshake(outcome string)
	// Refused counts a refused connection or session by reason (the
	// Refusal constants, or an access.Reason...).
	Refused(reason string)
	// Rendered times one frame drawn for a session.
	Rendered(took time.Duration)
}

// Reasons the server refuses a connection or session, for Observer.Refused
// (the door policy's reasons are access.ReasonNotListed and the like).
const (
	RefusedPerIP    = "max-per-ip"
	RefusedStartups = "max-startups"
	RefusedFull     = "max-sessions"
	RefusedShutdown = "shutting-down"
	// The listener's refusals before any key is known (see Config).
	RefusedStartupsPerIP = "max-startups-per-ip"
	RefusedEarlyDrop     = "early-drop"
	RefusedPenalty       = "penalty"
	RefusedNoVersion     = "no-version"
	RefusedWaiting       = "silent-evicted"
	RefusedNoProxy       = "no-proxy-header"
	// A client still logging in when the handshake's time ran out.
	RefusedSlowLogin = "slow-login"
)

// nopObserver is the Observer of a server without one.
type nopObserver struct{}

func (nopObserver) Handshake(string)       {}
func (nopObserver) Refused(string)         {}
func (nopObserver) Rendered(time.Duration) {}
