package main

import (
	"errors"
	"runtime"
	"strconv"
	"strings"

	"arcade/rooms"
)

// botCPU is the -bot-cpu flag: the cores bots may think on, as a share of
// the server's cores ("50%") or as a number of cores ("2").
type botCPU struct {
	percent int // 1 to 100, when cores is 0
	cores   int
}

// String implements flag.Value.
func (b *botCPU) String() string {
	if b.cores > 0 {
		return strconv.Itoa(b.cores)
	}
	return strconv.Itoa(b.percent) + "%"
}

// Set implements flag.Value.
func (b *botCPU) Set(s string) error {
	s = strings.TrimSpace(s)
	num, share := strings.CutSuffix(s, "%")
	n, err := strconv.Atoi(strings.TrimSpace(num))
	switch {
	case err != nil, n < 1, share && n > 100:
		return errors.New("want a share of the cores from 1% to 100%, like 50%, or a whole number of cores, like 2")
	case share:
		*b = botCPU{percent: n}
	default:
		*b = botCPU{cores: n}
	}
	return nil
}

// workers is how many bot decisions may run at once: the share of the
// cores the Go runtime uses (GOMAXPROCS), rounded down, or the number of
// cores, at most all of them; at least 1.
func (b botCPU) workers() int {
	if b.cores > 0 {
		return min(b.cores, runtime.GOMAXPROCS(0))
	}
	return rooms.BotWorkersFor(b.percent)
}
