package line

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// Teller is implemented by boards that put their view in words for line
// mode, part by part: each part is its name (what "look NAME" takes:
// "hand", "shelves", "players") followed by its lines, plain sentences
// that need neither colour nor layout. A part named "hand" is what the
// "hand" command reads. Boards without it are read from the view's JSON.
type Teller interface {
	Sections(view engine.View, ctx board.Context) [][]string
}

// Pointer is implemented by boards with squares or places too many to
// read out with the board, which "look NAME" reads one at a time ("look
// c3"). ok is false when the board has no place called at.
type Pointer interface {
	Square(view engine.View, ctx board.Context, at string) (lines []string, ok bool)
}

// sections is u's board in words, part by part.
func (t *teller) sections(u *rooms.TableUpdate) [][]string {
	if tl, ok := t.boardFor(u).(Teller); ok {
		return tl.Sections(u.View, t.context(u))
	}
	return viewSections(u.View, nameOf(u))
}

func (s *session) look(c command) ([]string, error) {
	u, err := s.game()
	if err != nil {
		return nil, err
	}
	parts := s.tell.sections(u)
	if len(c.args) == 0 {
		var out []string
		for _, p := range parts {
			out = append(out, partLines(p)...)
		}
		return out, nil
	}
	want := strings.ToLower(c.rest)
	for _, p := range parts {
		if len(p) > 0 && strings.ToLower(p[0]) == want {
			return partLines(p), nil
		}
	}
	if pt, ok := s.tell.boardFor(u).(Pointer); ok {
		if lines, ok := pt.Square(u.View, s.tell.context(u), want); ok {
			return lines, nil
		}
	}
	return nil, fmt.Errorf("The board has no part called %q; its parts are %s.", c.rest, engine.JoinAnd(partNames(parts)))
}

func (s *session) hand(command) ([]string, error) {
	u, err := s.game()
	if err != nil {
		return nil, err
	}
	if u.You == engine.Spectator {
		return nil, fmt.Errorf("You are watching: you hold nothing.")
	}
	for _, p := range s.tell.sections(u) {
		if len(p) > 0 && strings.EqualFold(p[0], "hand") {
			return partLines(p), nil
		}
	}
	return []string{"You hold nothing in this game: look reads out the board."}, nil
}

// partLines is a part as look reads it: its name as a heading, then its
// lines.
func partLines(p []string) []string {
	if len(p) == 0 {
		return nil
	}
	return append([]string{strings.ToUpper(p[0][:1]) + p[0][1:] + ":"}, p[1:]...)
}

// partNames are the parts' names.
func partNames(parts [][]string) []string {
	var out []string
	for _, p := range parts {
		if len(p) > 0 {
			out = append(out, p[0])
		}
	}
	return out
}

// viewSections reads a view without words of its own from its JSON: one
// part a field, in the view's order, its value in words; empty fields are
// left out.
func viewSections(view engine.View, name func(engine.Seat) string) [][]string {
	data, err := json.Marshal(view)
	if err != nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out [][]string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		field := fieldWord(fmt.Sprint(tok))
		var v any
		if err := dec.Decode(&v); err != nil {
			return out
		}
		if lines := valueLines(v, name); len(lines) > 0 {
			out = append(out, append([]string{field}, lines...))
		}
	}
	return out
}

// valueLines puts a JSON value in lines: a list of objects one line an
// item, anything else on one line; nothing for an empty value.
func valueLines(v any, name func(engine.Seat) string) []string {
	if list, ok := v.([]any); ok && len(list) > 0 {
		if _, objects := list[0].(map[string]any); objects {
			out := make([]string, 0, len(list))
			for i, item := range list {
				out = append(out, fmt.Sprintf("%d: %s", i+1, valueWords(item, name)))
			}
			return out
		}
	}
	if w := valueWords(v, name); w != "" {
		return []string{w}
	}
	return nil
}

// valueWords puts a JSON value in words on one line ("" when empty), the
// seats its texts name by their players' names.
func valueWords(v any, name func(engine.Seat) string) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		if x {
			return "yes"
		}
		return ""
	case string:
		return engine.ExpandSeats(x, name)
	case json.Number:
		return x.String()
	case []any:
		parts := make([]string, 0, len(x))
		for _, item := range x {
			if w := valueWords(item, name); w != "" {
				parts = append(parts, w)
			}
		}
		return strings.Join(parts, "; ")
	case map[string]any:
		return objectWords(x, name)
	}
	return fmt.Sprint(v)
}

// objectWords is an object's fields in words, sorted by name: "score 3,
// card 2, played".
func objectWords(m map[string]any, name func(engine.Seat) string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		w := valueWords(m[k], name)
		switch {
		case w == "":
		case w == "yes":
			parts = append(parts, fieldWord(k))
		case strings.ContainsAny(w, ",;"):
			parts = append(parts, fieldWord(k)+" ("+w+")")
		default:
			parts = append(parts, fieldWord(k)+" "+w)
		}
	}
	return strings.Join(parts, ", ")
}

// fieldWord is a JSON field's name in words: "hand_size" is "hand size".
func fieldWord(k string) string {
	if _, err := strconv.Atoi(k); err == nil {
		return k
	}
	return strings.ReplaceAll(k, "_", " ")
}
