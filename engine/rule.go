package engine

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Rule points at the rule behind a refusal or an automatic effect, in the
// game's rules doc (Info.Rules): Ruling(n) for the doc's numbered ruling n,
// or a phrase that the doc holds once, word for word (line breaks count
// as spaces), which Explain widens to its sentence and names by its
// section. The zero Rule points at nothing: a player's own choice, or a
// malformed move that no rule is about.
type Rule string

// Ruling points at the numbered ruling n of the doc's RULINGS section.
func Ruling(n int) Rule { return Rule(rulingPrefix + strconv.Itoa(n)) }

const rulingPrefix = "ruling "

// Ruled is implemented by facts the rules made happen without a player
// choosing them (the fire spreads, a ghost strikes, the bag is refilled):
// Rule names the rule that did it, so that a player can ask why.
type Ruled interface {
	Rule() Rule
}

// RuleOf returns the rule behind a fact, or "" for a fact that is not
// Ruled.
func RuleOf(f Fact) Rule {
	if r, ok := f.(Ruled); ok {
		return r.Rule()
	}
	return ""
}

// Refuse builds a RuleError that cites the rule it applies.
func Refuse(rule Rule, format string, args ...any) error {
	return &RuleError{Msg: fmt.Sprintf(format, args...), Rule: rule}
}

// Explanation is a rule in the rules doc's own words.
type Explanation struct {
	// Title names where the words stand: "Ruling 7", or the section's name
	// ("Your turn").
	Title string
	// Text is the ruling (which quotes the rulebook sentence it reads),
	// or the sentence of the section that holds the rule's phrase, with
	// the doc's line breaks turned into spaces.
	Text string
}

// String is the explanation on one line: "Your turn: Put one gem ...".
func (e Explanation) String() string { return e.Title + ": " + e.Text }

// Explain finds rule r in doc, a game's rules doc (Info.Rules). It fails
// when r points at nothing, at a ruling the doc does not have, or at a
// phrase the doc holds nowhere or more than once.
func Explain(doc string, r Rule) (Explanation, error) {
	if r == "" {
		return Explanation{}, errors.New("no rule")
	}
	secs := sections(doc)
	if n, ok := strings.CutPrefix(string(r), rulingPrefix); ok {
		for _, s := range secs {
			if s.title != "RULINGS" {
				continue
			}
			for _, item := range rulingItems(s.lines) {
				if item.number == n {
					return Explanation{Title: "Ruling " + n, Text: item.text}, nil
				}
			}
		}
		return Explanation{}, fmt.Errorf("the rules have no ruling %s", n)
	}
	phrase := joinSpaces(string(r))
	if phrase == "" {
		return Explanation{}, errors.New("no rule")
	}
	var found []Explanation
	for _, s := range secs {
		for _, para := range paragraphs(s) {
			for rest := para; ; {
				i := strings.Index(rest, phrase)
				if i < 0 {
					break
				}
				at := len(para) - len(rest) + i
				found = append(found, Explanation{Title: s.name(), Text: sentence(para, at, at+len(phrase))})
				rest = rest[i+len(phrase):]
			}
		}
	}
	switch len(found) {
	case 0:
		return Explanation{}, fmt.Errorf("the rules do not say %q", phrase)
	case 1:
		return found[0], nil
	}
	return Explanation{}, fmt.Errorf("the rules say %q %d times", phrase, len(found))
}

// section is a part of a rules doc under one heading (the doc's title
// and opening lines are a section too).
type section struct {
	title string
	lines []string
}

// name is the section's title as a reader says it: "YOUR TURN" is "Your
// turn"; words in lower case ("VARIANTS (table options)") stay.
func (s section) name() string {
	out := []rune(strings.ToLower(s.title))
	low := []rune(s.title)
	for i, r := range []rune(s.title) {
		if unicode.IsLower(r) {
			out[i] = low[i]
		}
	}
	if len(out) > 0 {
		out[0] = unicode.ToUpper(out[0])
	}
	return string(out)
}

// underline is a heading's underline.
var underline = regexp.MustCompile(`^[-=]{3,}\s*$`)

// sections cuts doc at its headings: a line at the margin whose words
// before any parenthesis are in capitals, followed by an underline or by
// text.
func sections(doc string) []section {
	lines := strings.Split(strings.ReplaceAll(doc, "\r\n", "\n"), "\n")
	var out []section
	cur := section{}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if isHeading(l) {
			out = append(out, cur)
			cur = section{title: strings.TrimSpace(l)}
			if i+1 < len(lines) && underline.MatchString(lines[i+1]) {
				i++
			}
			continue
		}
		cur.lines = append(cur.lines, l)
	}
	return append(out, cur)
}

// isHeading reports whether l is a section heading.
func isHeading(l string) bool {
	if l == "" || l[0] == ' ' || underline.MatchString(l) {
		return false
	}
	head, _, _ := strings.Cut(l, " (")
	letters := 0
	for _, r := range head {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsUpper(r):
			letters++
		case unicode.IsDigit(r) || strings.ContainsRune(" :,'&-", r):
		default:
			return false
		}
	}
	return letters >= 3
}

// ruling is one numbered ruling, its lines joined.
type ruling struct {
	number string
	text   string
}

// rulingStart is the first line of a numbered ruling: " 7. The rulebook".
var rulingStart = regexp.MustCompile(`^\s*(\d+)\.\s+(.*)$`)

// rulingItems splits the RULINGS section into its numbered rulings; a
// ruling runs until the next one, a blank line or a line at the margin.
func rulingItems(lines []string) []ruling {
	var out []ruling
	open := false
	for _, l := range lines {
		if m := rulingStart.FindStringSubmatch(l); m != nil {
			out = append(out, ruling{number: m[1], text: m[2]})
			open = true
			continue
		}
		if strings.TrimSpace(l) == "" || l[0] != ' ' {
			open = false
			continue
		}
		if open {
			last := &out[len(out)-1]
			last.text += " " + strings.TrimSpace(l)
		}
	}
	for i := range out {
		out[i].text = joinSpaces(out[i].text)
	}
	return out
}

// paragraphs are a section's runs of lines between blank lines, each
// joined into one line.
func paragraphs(s section) []string {
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, joinSpaces(strings.Join(cur, " ")))
			cur = nil
		}
	}
	for _, l := range s.lines {
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return out
}

// joinSpaces turns every run of white space into one space.
func joinSpaces(s string) string { return strings.Join(strings.Fields(s), " ") }

// sentence widens para[from:to] to the sentences that hold it: back to the
// end of the sentence before (or the start of a numbered step) and on to
// the end of its own.
func sentence(para string, from, to int) string {
	start := 0
	for i := from - 1; i > 0; i-- {
		if para[i] == ' ' && sentenceEnd(para[:i]) {
			start = i + 1
			break
		}
	}
	end := len(para)
	for i := to; i < len(para); i++ {
		if para[i] == ' ' && sentenceEnd(para[:i]) {
			end = i
			break
		}
	}
	return para[start:end]
}

// sentenceEnd reports whether s ends a sentence: a full stop, a question
// or exclamation mark, perhaps inside closing quotes or
// brackets. A numbered step's own number ("2.") ends nothing.
func sentenceEnd(s string) bool {
	s = strings.TrimRight(s, "\"”')")
	if s == "" {
		return false
	}
	switch s[len(s)-1] {
	case '!', '?':
		return true
	case '.':
		at := strings.LastIndexByte(s, ' ') + 1
		word := s[at:]
		if _, err := strconv.Atoi(strings.TrimSuffix(word, ".")); err == nil {
			return !stepNumber(s[:at])
		}
		return word != "e.g." && word != "i.e."
	}
	return false
}

// stepNumber reports whether a number that follows before begins a
// numbered step ("...; 2. roll the die") rather than ending a sentence
// ("in step 3."): a step's number comes first, or after a colon, a
// semicolon or the end of a sentence.
func stepNumber(before string) bool {
	before = strings.TrimSpace(before)
	return before == "" || strings.ContainsAny(before[len(before)-1:], ":;.!?")
}
