package rooms

import (
	"errors"
	"slices"
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

// reportLog is the hub's list of recent reports.
type reportLog struct {
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
	h.mu.Lock()
	if slices.ContainsFunc(h.reports.list, func(o Report) bool { return o.Table == r.Table && o.By == r.By && o.Who == r.Who }) {
		h.mu.Unlock()
		return ErrReportedAlready
	}
	h.reports.list = append(h.reports.list, r)
	if n := len(h.reports.list); n > keptReports {
		h.reports.list = slices.Delete(h.reports.list, 0, n-keptReports)
	}
	h.mu.Unlock()
	if h.cfg.OnReport != nil {
		h.cfg.OnReport(r)
	}
	return nil
}

// Reports returns the recent reports, oldest first.
func (h *Hub) Reports() []Report {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.reports.list)
}
