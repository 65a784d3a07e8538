package state

import (
	"slices"
	"strconv"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/attention"
)

// State is everything the page shows that a link carries: the input of the
// attention and how it is looked at. The page holds one State; a link holds
// its Encode form (see DecodeState). Each field is a setting of settings.go,
// which says how links and window.attnviz.state() carry it.
type State struct {
	// Input is what the attention is computed from: a change of it runs the
	// engine again, a change of the rest only shows the result otherwise.
	Input

	Head int     // the head shown large: 0…Heads−1, or HeadMean
	View string  // id of the view shown (app/page/registry.go)
	Step string  // the pipeline step shown large (app/views/pipeline.go); "" for none
	Cell CellRef // the weight worked out by hand (app/views/cellpanel.go); zero for none
	Lang string  // interface language: i18n.LangEN or i18n.LangZH

	Text2 string // the second sentence of the compare and padding views

	Present bool // presentation mode (app/page/present.go)

	// Predict, then reveal (predict.go): a query row's weights hidden
	// until the student has guessed.
	Predict         bool // the switch #predict
	PredictRow      int  // the query row hidden, 0-based (PredictRowOf clamps it to the tokens)
	PredictGuess    int  // the key guessed to weigh most, or NoGuess
	PredictEstimate int  // the row's largest weight as estimated, in hundredths, or NoGuess
	PredictShown    bool // the row is revealed
	PredictRows     bool // in the compare view: guess the query row that changes most, not a key

	Tour string // the guided tour shown in the view "tour", "" for the first; its step is Step (tour.go)

	Teach        string // a teacher's own tour, as a link carries it (teach.go); "" for none
	TeachStep    int    // the step of Teach shown, 1-based; 0 for none
	Stretch      bool   // colour each row of the large heatmap from its smallest to its largest weight (app/chart/stretch.go)
	HighContrast bool   // the high-contrast theme (web/app.css), whatever the system asks

	// The Learn view's training (learn.go); it shares Seed.
	Task   string  // the task trained: a name of model.Tasks
	LR     float64 // the learning rate: above 0, at most MaxLR (Normalize sets the task's)
	Steps  int     // the steps trained: a link retrains to this step
	Until  int     // training stops at this step; 0 for the task's budget
	Pace   int     // steps a second while training runs, one of model.Paces; 0 as fast as it can
	Probe  string  // the probe sequence in the task's words; "" for the task's sample
	Probe2 string  // the compare view's second sequence on the trained layer; "" for Probe2Text's default
	Layer  int     // the layer shown in detail and opened in the other views
}

// Input is the part of a State that the main attention is computed from. It
// is comparable: app/compute keys its results by it.
type Input struct {
	Text       string // the sentence
	Heads      int    // number of heads; one of HeadChoices(DModel)
	DModel     int    // embedding width; one of DModelChoices
	Seed       int64  // seeds embeddings and weights; 0…MaxSeed
	Causal     bool   // causal mask
	Positional bool   // add sinusoidal positional encoding

	// The scores' scaling (scaling.go).
	NoScale     bool    // do not divide the scores by √d_k
	Temperature float64 // divides the scores: MinUITemperature…MaxUITemperature, or 0 for 1
	DK          int     // query/key width per head: one of DKChoices, or 0 for d_model/heads

	// The input of the "matrices" view (matrices.go): its spec as compact
	// JSON, checked; "" for its worked example.
	Matrices string

	// Cross asks the compare view for cross-attention (cross.go): queries
	// from Text, keys and values from Text2.
	Cross bool

	// Trained has the views that read the main attention compute it from
	// the Learn view's trained model instead of the sentence (trained.go).
	Trained bool
}

// DefaultViewID is the id of the view a first visit opens: the first of the
// page's registry (app/page/registry.go), which checks that it is.
const DefaultViewID = "attention"

// MatricesViewID is the id of the view whose input is the matrices of
// State.Matrices instead of the sentence (see Spec).
const MatricesViewID = "matrices"

// HeadMean selects the mean of the heads' weights in State.Head.
const HeadMean = -1

// Limits of the settings a State accepts.
const (
	MaxUIHeads   = 8         // the most heads offered
	MaxSeed      = 999999999 // the largest seed
	MaxTextBytes = 4096      // the longest text a link may carry, in bytes
	maxLinkBytes = 32 << 10  // the longest link state read at all: two texts of MaxTextBytes, every byte escaped (3 bytes), and the rest
)

// DModelChoices are the embedding widths offered.
var DModelChoices = []int{4, 8, 12, 16, 24, 32, 48, 64}

// HeadChoices returns the numbers of heads offered for embedding width d: its
// divisors up to MaxUIHeads, so that every head gets d/heads columns.
func HeadChoices(d int) []int {
	var hs []int
	for h := 1; h <= MaxUIHeads && h <= d; h++ {
		if d%h == 0 {
			hs = append(hs, h)
		}
	}
	return hs
}

// DefaultState is the view a first visit opens, with the example sentence
// and the interface in lang (i18n.LangEN when lang is not a language).
func DefaultState(lang string) State {
	if !slices.Contains(i18n.Langs, lang) {
		lang = i18n.LangEN
	}
	s := State{
		Input: Input{Text: i18n.T(lang, "sentence.example"), Heads: 2, DModel: 16, Seed: 1},
		Head:  HeadMean,
		View:  DefaultViewID,
		Lang:  lang,
		Text2: i18n.T(lang, "sentence2.example"),

		PredictGuess: NoGuess, PredictEstimate: NoGuess,
		Task: DefaultTask(),
	}
	s.normalizeLearn()
	return s
}

// Normalize makes a State that settings controls have just changed valid
// again: Heads becomes the largest choice for DModel not above it, and a
// Head beyond the heads becomes HeadMean.
func (s *State) Normalize() {
	if !slices.Contains(DModelChoices, s.DModel) {
		s.DModel = DefaultState(i18n.LangEN).DModel
	}
	choices := HeadChoices(s.DModel)
	h := choices[0]
	for _, c := range choices {
		if c <= s.Heads {
			h = c
		}
	}
	s.Heads = h
	if s.Head < HeadMean || s.Head >= s.Heads {
		s.Head = HeadMean
	}
	s.Temperature = canonicalTemperature(s.Temperature)
	s.DK = NearestDK(s.DK)
	s.normalizeLearn()
}

// SameInput reports whether s and o give the same attention: whether they
// differ only in how the result is looked at.
func (s State) SameInput(o State) bool {
	return s.Input == o.Input && s.OwnInput() == o.OwnInput()
}

// OwnInput reports whether the view shown has an input of its own (the
// matrices view): the sentence and the settings do not apply to it.
func (s State) OwnInput() bool { return s.View == MatricesViewID }

// Spec returns the attention spec of s, in text mode, or the own input of
// the view shown if it has one (the matrices view: MatricesSpec).
func (s State) Spec() *attention.Spec {
	if s.OwnInput() {
		return MatricesSpec(s.Matrices)
	}
	text := s.Text
	mask := maskName(s.Causal)
	spec := &attention.Spec{
		Text:       &text,
		Heads:      s.Heads,
		DModel:     s.DModel,
		Seed:       s.Seed,
		Positional: s.Positional,
		Mask:       mask,
		DK:         s.DK,
	}
	if s.CrossOn() {
		kv := s.Text2
		spec.TextKV = &kv
	}
	if s.NoScale {
		off := false
		spec.Scale = &off
	}
	if t := ClampTemperature(s.Temperature); t != 1 {
		spec.Temperature = &t
	}
	return spec
}

// HeadKey returns how links and the data-head attribute name a head
// selection: "0", "1", … or "mean".
func HeadKey(head int) string {
	if head == HeadMean {
		return "mean"
	}
	return strconv.Itoa(head)
}
