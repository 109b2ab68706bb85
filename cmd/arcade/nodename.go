package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"arcade/rooms/natsbus"
)

// nodeNameFile keeps, in the data directory, the name a server of a
// cluster gave itself on its first start (no -node-name), so that a
// restart keeps it.
const nodeNameFile = "node-name"

// checkNodeName checks a -node-name given on the command line or in the
// environment.
func checkNodeName(name string) error {
	if !natsbus.ValidName(name) {
		return fmt.Errorf("invalid value %q for flag -node-name: want 1 to 32 letters, digits or '-'", name)
	}
	return nil
}

// storedNodeName is the node name of a server started without -node-name:
// the one in <data>/node-name, or, on the first start, a new one made of
// the host's name and the listen port (so that two servers on one host
// differ), written there.
func storedNodeName(data, listen string) (string, error) {
	path := filepath.Join(data, nodeNameFile)
	b, err := os.ReadFile(path)
	if err == nil {
		name := strings.TrimSpace(string(b))
		if !natsbus.ValidName(name) {
			return "", fmt.Errorf("%s holds %q, which cannot name a server: write 1 to 32 letters, digits or '-' there, or give -node-name", path, name)
		}
		return name, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s cannot be read (%v): give -node-name, or check the file's owner and mode", path, unwrapPath(err))
	}
	host, _ := os.Hostname()
	name := defaultNodeName(host, listen)
	if err := writeFileAtomic(path, []byte(name+"\n")); err != nil {
		return "", fmt.Errorf("%s cannot be written (%v): give -node-name, or check the data directory's owner and mode", path, unwrapPath(err))
	}
	return name, nil
}

// defaultNodeName is host's name made safe, followed by the port of listen
// ("games-example-com-2222"); a random port (0) gets a random word
// instead. It fits in 32 characters.
func defaultNodeName(host, listen string) string {
	_, port, err := net.SplitHostPort(listen)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n <= 0 {
		port = strings.ToLower(rand.Text()[:6])
	}
	host = strings.Trim(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, host), "-")
	if host == "" {
		host = "arcade"
	}
	if most := 31 - len(port); len(host) > most {
		host = strings.TrimRight(host[:most], "-")
	}
	return host + "-" + port
}
