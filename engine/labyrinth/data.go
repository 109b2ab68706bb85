package labyrinth

import "strings"

// Genre is one of the six Book genres (0..5). Each genre has a symbol of
// the same number: Symbol(g) is the first symbol of every card of genre g.
type Genre int

// The six genres, in the card data's order.
const (
	Children   Genre = iota // red, Heart
	Classic                 // pink, Quill
	Legends                 // orange, Athlete
	Science                 // green, Logic
	Historical              // blue, Hourglass
	Amazing                 // purple, Fist
	NumGenres  = 6
)

// GenreNames are the genres' names, by Genre.
var GenreNames = [NumGenres]string{"Children's Fiction", "Classic Fiction", "Legends", "Science", "Historical Leaders", "Amazing Lives"}

// GenreColours are the genres' cover colours, by Genre.
var GenreColours = [NumGenres]string{"red", "pink", "orange", "green", "blue", "purple"}

// SymbolNames are the symbols' names, by the Genre whose symbol it is.
var SymbolNames = [NumGenres]string{"Heart", "Quill", "Athlete", "Logic", "Hourglass", "Fist"}

// SymbolLetters are one-letter abbreviations of the symbols.
var SymbolLetters = [NumGenres]string{"H", "Q", "A", "L", "T", "F"}

// String is the genre's name.
func (g Genre) String() string {
	if g < 0 || g >= NumGenres {
		return "?"
	}
	return GenreNames[g]
}

// Symbols counts symbols by genre: Symbols[g] is how many of genre g's
// symbol a card shows or a Terror needs.
type Symbols [NumGenres]int

// Letters writes the symbols as letters, e.g. "TTFF".
func (s Symbols) Letters() string {
	var b strings.Builder
	for g, n := range s {
		b.WriteString(strings.Repeat(SymbolLetters[g], n))
	}
	return b.String()
}

// List is the symbols as a sorted list of genres, one entry per symbol.
func (s Symbols) List() []int {
	var out []int
	for g, n := range s {
		for range n {
			out = append(out, g)
		}
	}
	return out
}

// Covers reports whether have holds at least every symbol of need.
func (s Symbols) Covers(need Symbols) bool {
	for g := range s {
		if s[g] < need[g] {
			return false
		}
	}
	return true
}

// syms parses a letter string ("TFA") into symbol counts.
func syms(letters string) Symbols {
	var s Symbols
	for _, r := range letters {
		s[strings.Index("HQALTF", string(r))]++
	}
	return s
}

// Card IDs. Books are 0..59, Reward cards 60..74 (the six magical items
// first, in genre order, then the nine boosters). A captured Terror moved
// as one slot (solo passes) is TerrorCard + its Terror number.
const (
	NumBooks    = 60
	FirstReward = 60
	NumItems    = 6
	NumBoosters = 9
	NumRewards  = NumItems + NumBoosters
	NumCards    = NumBooks + NumRewards
	TerrorCard  = 100
	NumTerrors  = 24
)

// Book is a Book card.
type Book struct {
	Name    string
	Genre   Genre
	Symbols Symbols
}

type bookRow struct {
	genre Genre
	cards string // "Name=LETTERS;..."
}

// Books is the Book deck, by card ID.
var Books = buildBooks([]bookRow{
	{Children, "Alice=HALQ;Anne Shirley=HLQ;Heidi=HTF;Dorothy Gale=HATF;Wendy Darling=HQA;Mary Lennox=HLTF;Sara Crewe=HQA;Pollyanna Whittier=HLTF;Katy Carr=HQA"},
	{Classic, "Jo March=QFA;Elizabeth Bennet=QLTF;Jane Eyre=QLT;The Lady of Shalott=QALT;Emma Woodhouse=QFA;Hester Prynne=QLTF;Dorothea Brooke=QAL;Maggie Tulliver=QTFH;Tess Durbeyfield=QAL"},
	{Legends, "Circe=ATF;Queen of Sheba=AHLT;Ceridwen=AFH;Scheherazade=ALTF;Hua Mulan=AHL;Atalanta=ATFH;Brynhildr=ALT;Queen Medb=AFHQ;Morgan le Fay=ALT;Grainne=AFHQ;Princess Yennenga=ALT"},
	{Science, "Ada Lovelace=LFH;Marie Curie=LQTF;Mary Anning=LHQ;Rosalind Franklin=LTFH;Hypatia=LQT;Emmy Noether=LFHQ;Caroline Herschel=LTF"},
	{Historical, "Nzinga=TLH;Zenobia=TAF;Enheduanna=TQH;Elizabeth I=TQFH;Hatshepsut=TQA;Cleopatra VII=TFHQ;Boudica=TAF;Rani Lakshmibai=THQA;Liliuokalani=TLF;Taytu Betul=THQA;Seondeok of Silla=TLF;Wu Zetian=THQA"},
	{Amazing, "Harriet Tubman=FLH;Mary Seacole=FQAL;Deborah=FHT;Gracia Mendes Nasi=FQHT;Sojourner Truth=FAL;Emmeline Pankhurst=FQAL;Amelia Earhart=FHQ;Nellie Bly=FALH;Grace O'Malley=FQA;Ida B. Wells=FLHQ;Annie Oakley=FAL;Bessie Coleman=FHQA"},
})

func buildBooks(rows []bookRow) []Book {
	var out []Book
	for _, r := range rows {
		for _, c := range strings.Split(r.cards, ";") {
			name, letters, _ := strings.Cut(c, "=")
			out = append(out, Book{Name: name, Genre: r.genre, Symbols: syms(letters)})
		}
	}
	return out
}

// Boost is a booster effect of a Reward card.
type Boost int

// The seven booster effects (rulebook p.14).
const (
	TimeMachine    Boost = iota // one more action this turn
	SecretPassage               // move through one bookcase
	LibraryLadder               // move past Terror and Shelf tokens
	UsefulMap                   // flip a tile from anywhere
	LibraryCard                 // take one more Book card
	Photocopier                 // one Book counts its symbols twice for a capture
	TrolleyService              // pass cards with a player on another tile
	NumBoosts
)

// BoostNames are the booster effects' names, by Boost.
var BoostNames = [NumBoosts]string{"Time Machine", "Secret Passage", "Library Ladder", "Useful Map", "Library Card", "Photocopier", "Trolley Service"}

// String is the effect's name.
func (b Boost) String() string {
	if b < 0 || b >= NumBoosts {
		return "?"
	}
	return BoostNames[b]
}

// Reward is a Reward card: a magical item (Symbols, Genre) or a booster
// with two options.
type Reward struct {
	Name    string
	Item    bool
	Genre   Genre   // the item's genre
	Symbols Symbols // the item's two symbols (capturing only)
	Options [2]Boost
}

// Rewards is the Reward deck, by card ID minus FirstReward.
var Rewards = []Reward{
	{Name: "Drink Me", Item: true, Genre: Children, Symbols: syms("LL")},
	{Name: "Miss Havisham's Clock", Item: true, Genre: Classic, Symbols: syms("TT")},
	{Name: "Seven-League Boots", Item: true, Genre: Legends, Symbols: syms("AA")},
	{Name: "Telescope", Item: true, Genre: Science, Symbols: syms("QQ")},
	{Name: "Royal Seal", Item: true, Genre: Historical, Symbols: syms("FF")},
	{Name: "Nightingale's Lamp", Item: true, Genre: Amazing, Symbols: syms("HH")},
	{Name: "Time Machine / Secret Passage", Options: [2]Boost{TimeMachine, SecretPassage}},
	{Name: "Time Machine / Library Ladder", Options: [2]Boost{TimeMachine, LibraryLadder}},
	{Name: "Time Machine / Useful Map", Options: [2]Boost{TimeMachine, UsefulMap}},
	{Name: "Secret Passage / Library Card", Options: [2]Boost{SecretPassage, LibraryCard}},
	{Name: "Secret Passage / Photocopier", Options: [2]Boost{SecretPassage, Photocopier}},
	{Name: "Library Ladder / Trolley Service", Options: [2]Boost{LibraryLadder, TrolleyService}},
	{Name: "Library Ladder / Useful Map", Options: [2]Boost{LibraryLadder, UsefulMap}},
	{Name: "Useful Map / Photocopier", Options: [2]Boost{UsefulMap, Photocopier}},
	{Name: "Trolley Service / Library Card", Options: [2]Boost{TrolleyService, LibraryCard}},
}

// Terror is a Terror token.
type Terror struct {
	Name  string
	Needs Symbols
}

// Terrors are the 24 Terror tokens, by number.
var Terrors = buildTerrors("Basilisk=TFA;Chupacabra=HLT;Anxiety=HQT;Big Bad Wolf=HAF;Triffid=LAH;Spider Webs=LQA;" +
	"Mari Lwyd=QHF;Pit & the Pendulum=LTF;Wormhole=LQT;Tornado=ATH;" +
	"Fenrir the Wolf=FFAA;Minotaur=LLFF;Dracula=HHFF;Plague=LLHH;Reichenbach Falls=TTAA;Bunyip=QQAA;King in Yellow=QQTT;Jekyll & Hyde=QQLL;" +
	"Kraken=TTFFAA;Grendel's Mother=FFHHAA;Jabberwock=QQFFLL;Martian Robot=LLTTFF;Forest of Thorns=QQHHTT;Cerberus=AALLQQ")

func buildTerrors(s string) []Terror {
	var out []Terror
	for _, c := range strings.Split(s, ";") {
		name, letters, _ := strings.Cut(c, "=")
		out = append(out, Terror{Name: name, Needs: syms(letters)})
	}
	return out
}

// CardName names a card ID: a Book, a Reward card or a captured Terror.
func CardName(id int) string {
	switch {
	case id >= 0 && id < NumBooks:
		return Books[id].Name
	case id >= FirstReward && id < NumCards:
		return Rewards[id-FirstReward].Name
	case id >= TerrorCard && id < TerrorCard+NumTerrors:
		return Terrors[id-TerrorCard].Name
	}
	return "?"
}

// IsBook reports whether id is a Book card.
func IsBook(id int) bool { return id >= 0 && id < NumBooks }

// IsReward reports whether id is a Reward card.
func IsReward(id int) bool { return id >= FirstReward && id < NumCards }

// IsItem reports whether id is a magical item.
func IsItem(id int) bool { return IsReward(id) && Rewards[id-FirstReward].Item }

// HasBoost reports whether card id is a booster with effect b.
func HasBoost(id int, b Boost) bool {
	if !IsReward(id) || Rewards[id-FirstReward].Item {
		return false
	}
	o := Rewards[id-FirstReward].Options
	return o[0] == b || o[1] == b
}

// CardSymbols is the symbols a card offers for capturing: a Book's or a
// magical item's (none for boosters).
func CardSymbols(id int) Symbols {
	switch {
	case IsBook(id):
		return Books[id].Symbols
	case IsItem(id):
		return Rewards[id-FirstReward].Symbols
	}
	return Symbols{}
}
