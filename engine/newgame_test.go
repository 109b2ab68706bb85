package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestInfoCheck(t *testing.T) {
	in := Info{Name: "Toy", MinPlayers: 2, MaxPlayers: 4, Options: []OptionSpec{{Key: "fast", Kind: Bool, Default: "false"}}}
	for _, n := range []int{1, 5} {
		_, err := in.Check(n, nil)
		var re *RuleError
		if !errors.As(err, &re) || !strings.HasPrefix(re.Msg, "Toy needs 2 to 4 players, not ") {
			t.Errorf("%d players: %v", n, err)
		}
	}
	if opts, err := in.Check(3, Options{}); err != nil || opts["fast"] != "false" {
		t.Fatalf("Check = %v, %v", opts, err)
	}
	if _, err := in.Check(3, Options{"slow": "true"}); err == nil {
		t.Fatal("unknown option accepted")
	}
}

func TestLoadState(t *testing.T) {
	var v struct {
		N int `json:"n"`
	}
	bad := errors.New("n must be positive")
	check := func() error {
		if v.N <= 0 {
			return bad
		}
		return nil
	}
	if err := LoadState("toy", []byte(`{"n":2}`), &v, check); err != nil || v.N != 2 {
		t.Fatalf("LoadState = %v (%d)", err, v.N)
	}
	if err := LoadState("toy", []byte(`{"n":0}`), &v, check); !errors.Is(err, bad) ||
		err.Error() != "toy: bad saved state: n must be positive" {
		t.Fatalf("invalid state: %v", err)
	}
	if err := LoadState("toy", []byte(`{"m":1}`), &v, check); err == nil || !strings.HasPrefix(err.Error(), "toy: bad saved state: ") {
		t.Fatalf("unknown field: %v", err)
	}
}
