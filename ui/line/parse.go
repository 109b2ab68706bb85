package line

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"arcade/engine"
)

// command is one command a player typed or a program sent.
type command struct {
	// name is the command's first word, lower-cased ("" for an empty
	// line), and word that word as typed; args the words after it, and
	// rest the text after the first word as it was typed (what say says).
	name, word string
	args       []string
	rest       string
	// action is the move a JSON command names by kind and arguments.
	action *engine.Action
	// ref is a JSON command's "ref", echoed in its answer.
	ref json.RawMessage
}

// jsonCommand is a command object of the JSON protocol.
type jsonCommand struct {
	Cmd    string          `json:"cmd"`
	Args   []string        `json:"args"`
	Text   string          `json:"text"`
	ID     string          `json:"id"`
	Action *engine.Action  `json:"action"`
	Ref    json.RawMessage `json:"ref"`
}

// parse reads one line: a text command, or in JSON mode also a command
// object ({"cmd":"move","id":"draw"}).
func parse(line string, jsonMode bool) (command, error) {
	line = strings.TrimSpace(line)
	if jsonMode && strings.HasPrefix(line, "{") {
		return parseJSON(line)
	}
	return parseText(line), nil
}

// parseText splits a text command into its words.
func parseText(line string) command {
	words := strings.Fields(line)
	if len(words) == 0 {
		return command{}
	}
	name := strings.ToLower(words[0])
	rest := strings.TrimSpace(line[len(words[0]):])
	return command{name: name, word: words[0], args: words[1:], rest: rest}
}

// parseJSON reads a command object.
func parseJSON(line string) (command, error) {
	var j jsonCommand
	dec := json.NewDecoder(bytes.NewReader([]byte(line)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return command{}, errors.New("That is not a command object: " + err.Error() + ".")
	}
	if j.Cmd == "" {
		return command{ref: j.Ref}, errors.New(`A command object needs a "cmd".`)
	}
	c := parseText(j.Cmd)
	c.ref = j.Ref
	c.args = append(c.args, j.Args...)
	switch {
	case j.Text != "":
		c.rest = j.Text
	case len(j.Args) > 0:
		c.rest = strings.TrimSpace(c.rest + " " + strings.Join(j.Args, " "))
	}
	if j.ID != "" {
		c.args = append(c.args, j.ID)
	}
	c.action = j.Action
	return c, nil
}
