package rooms

import (
	"errors"
	"slices"
	"sync"
	"time"
)

// Reports: a player at a table may report another player there to the
// server's admins, who list the reports (Hub.Reports) and act on them.

// Limits of reports.
const (
	// MaxReasonRunes caps the reason a report gives.
	MaxReasonRunes = 120
	// keptReports is how many reports the hub keeps, newest last.
	keptReports = 200
)

// Errors of Client.Report.
var (
	// ErrReportWhom: the seat holds no other human player.
	ErrReportWhom = errors.New("Report whom? Pick the seat of another player at this table.")
	// ErrReportedAlready: the client reported that player at this table.
	ErrReportedAlready = errors.New("You have already reported that player here; the admins have it.")
)

// Report is one player's complaint about another, for the admins.
type Report struct {
	At           time.Time
	Table        string // table ID
	Game         string // engine game ID
	By, ByName   string // reporter's player ID and name
	Who, WhoName string // reported player's ID and name
	Reason       string
}

// reportLog is the hub's list of recent reports. Its lock is a leaf.
type reportLog struct {
	mu   sync.Mutex
	list []Report
}

// Report tells the admins about the player in seat (counted from 0) at the
// client's table, with a reason (cleaned, at most MaxReasonRunes runes).
// It fails with ErrNotAtTable, ErrReportWhom (an empty seat, a bot, the
// client's own seat), ErrReportedAlready or ErrReportTooFast (the player
// or their address reported ReportBurst players lately).
func (c *Client) Report(seat int, reason string) error {
	reason = CleanText(reason, MaxReasonRunes)
	by := c.Player()
	if c.hub.waitBoth(c.hub.limits.reports, "reports", by) > 0 {
		return ErrReportTooFast
	}
	err := c.onTable(cmdReq{Op: opReport, Seat: seat, Text: reason})
	if err == nil {
		c.hub.takeBoth(c.hub.limits.reports, by) // a report kept counts
	}
	return err
}

// addReport keeps r unless its reporter already reported that player at
// that table, and tells Config.OnReport.
func (h *Hub) addReport(r Report) error {
	if !h.reports.add(r) {
		return ErrReportedAlready
	}
	if h.cfg.OnReport != nil {
		h.cfg.OnReport(r)
	}
	return nil
}

// add keeps r unless its reporter already reported that player at that
// table, and reports whether it did.
func (l *reportLog) add(r Report) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if slices.ContainsFunc(l.list, func(o Report) bool { return o.Table == r.Table && o.By == r.By && o.Who == r.Who }) {
		return false
	}
	l.list = append(l.list, r)
	if n := len(l.list); n > keptReports {
		l.list = slices.Delete(l.list, 0, n-keptReports)
	}
	return true
}

// Reports returns the recent reports, oldest first.
func (h *Hub) Reports() []Report {
	h.reports.mu.Lock()
	defer h.reports.mu.Unlock()
	return slices.Clone(h.reports.list)
}
