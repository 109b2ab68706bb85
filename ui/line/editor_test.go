package line

import (
	"strings"
	"testing"
)

// feedAll feeds chunks to an editor and returns the lines and the echo.
func feedAll(echo bool, chunks ...string) ([]inputLine, string) {
	var b strings.Builder
	out := &writer{w: &b}
	ed := editor{echo: echo}
	var lines []inputLine
	for _, c := range chunks {
		lines = append(lines, ed.feed([]byte(c), out)...)
	}
	return lines, b.String()
}

// TestEditorEchoesAndEdits: with echo, printable characters are echoed,
// backspace deletes one character (a whole multi-byte one), arrow keys
// and other escape sequences are dropped and never echoed, CR LF ends one
// line, ctrl+u clears the line and ctrl+c quits.
func TestEditorEchoesAndEdits(t *testing.T) {
	lines, echo := feedAll(true, "lo", "ok\x7f\x7fok\r\n", "h\x1b[Aé\x7fi\x1bOB\r", "x\x15say ", "\xc3", "\xa9\n", "\x03")
	want := []inputLine{{text: "look"}, {text: "hi"}, {text: "say é"}, {interrupt: true}}
	if len(lines) != len(want) {
		t.Fatalf("lines %+v, want %+v", lines, want)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d is %+v, want %+v", i, lines[i], want[i])
		}
	}
	if strings.ContainsAny(echo, "\x1b\x07") {
		t.Errorf("the echo holds an escape: %q", echo)
	}
	if !strings.HasPrefix(echo, "look\b \b\b \bok\n") {
		t.Errorf("echo %q", echo)
	}
}

// TestEditorWithoutEcho: whole lines, nothing echoed, control bytes
// dropped, a line over MaxLine refused whole.
func TestEditorWithoutEcho(t *testing.T) {
	long := strings.Repeat("x", MaxLine+1)
	lines, echo := feedAll(false, "start\n", "sa\x07y\x1b[31m hi\r\n", long+"\n", "1\n")
	if echo != "" {
		t.Errorf("echoed %q without echo", echo)
	}
	if len(lines) != 4 || lines[0].text != "start" || lines[1].text != "say hi" || !lines[2].tooLong || lines[3].text != "1" {
		t.Fatalf("lines %+v", lines)
	}
}

// TestPlainKeepsPrintablesOnly: styles, escapes, bells and other controls
// never reach a line.
func TestPlainKeepsPrintablesOnly(t *testing.T) {
	in := "\x1b[1mbold\x1b[0m \x1b]0;title\x07ring\x07 tab\there \u009b31m\r\nend ★"
	got := Plain(in)
	if got != "bold ring tab here 31m  end ★" {
		t.Errorf("Plain(%q) = %q", in, got)
	}
}

// TestParseCommands: text commands keep the words as typed; JSON
// commands take args, text, id and ref, and refuse unknown fields.
func TestParseCommands(t *testing.T) {
	c, err := parse("  Say Hello  there ", false)
	if err != nil || c.name != "say" || c.word != "Say" || c.rest != "Hello  there" {
		t.Errorf("text: %+v %v", c, err)
	}
	c, err = parse(`{"cmd":"new","args":["firelibrary","seats=2"],"ref":"a1"}`, true)
	if err != nil || c.name != "new" || strings.Join(c.args, " ") != "firelibrary seats=2" || string(c.ref) != `"a1"` {
		t.Errorf("json: %+v %v", c, err)
	}
	c, err = parse(`{"cmd":"move","id":"use(2,1)"}`, true)
	if err != nil || c.name != "move" || len(c.args) != 1 || c.args[0] != "use(2,1)" {
		t.Errorf("move: %+v %v", c, err)
	}
	if _, err := parse(`{"cmd":"start","bogus":1}`, true); err == nil {
		t.Error("an unknown field was taken")
	}
	if _, err := parse(`{"args":["x"]}`, true); err == nil {
		t.Error("a command object without cmd was taken")
	}
	if c, _ := parse(`{"cmd":"start"}`, false); c.name != `{"cmd":"start"}` {
		t.Errorf("text mode read JSON: %+v", c)
	}
}
