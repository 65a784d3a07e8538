package compute

import (
	"errors"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/text"
)

// Need is a set of the results beyond the main attention that a view shows:
// the page's registry of views says which each view needs.
type Need uint8

// The results a view may need.
const (
	NeedComparison Need = 1 << iota // Results.Comparison: two sentences, and no mask against the causal mask
	NeedBatch                       // Results.Batch: two sentences padded into one batch
	NeedSweep                       // Results.Sweep: the saturation over d_k (run in steps: SweepStep)
	NeedCell                        // Results.Cell: the selected weight worked out by hand
	NeedSteps                       // Results.Scaled: the matrices of the pipeline's steps that the result does not hold
	NeedRowStats                    // Results.Rows: each row's largest weight and entropy
	NeedPredict                     // Results.Predict: the row hidden for predict-then-reveal, while State.Predict
	NeedTraining                    // Results.Training: the Learn view's model (trained in slices: TrainSlice)
)

// Results are what the views show, computed from a State.
type Results struct {
	// Result is the attention the charts show: the last input the engine
	// accepted, nil when the text is empty. It is reused in place by the
	// next run, so a view must not keep it or anything it points to, and it
	// must key what it derives from it by Rev.
	Result *attention.Result
	Rev    int // increases with every run that changes Result

	// Rejected says why the current input is rejected, as a message key of
	// app/i18n and its argument; Key is "" when it is not. Result then
	// stays the last accepted one.
	Rejected Problem

	// The head choice, made here and nowhere else.
	Heads    int // the heads the charts have: Result's, or the State's when there is none
	Head     int // the head shown large: State.Head, or state.HeadMean where the charts lack it
	StepHead int // the head whose computation the pipeline and the cell panel show: Head, or head 0 for the mean

	Cell   *attention.CellExplanation // for NeedCell: weight State.Cell of StepHead, nil when none of Result is selected
	Scaled *mat.Dense                 // for NeedSteps: the scores of StepHead divided by √d_k and T; nil otherwise
	Rows   []RowStat                  // for NeedRowStats: the rows of Head's weights; nil otherwise

	Predict *Prediction // while State.Predict: for NeedPredict the row of Head hidden, for NeedComparison its change (JudgeChange); nil otherwise

	Comparison *Comparison // for NeedComparison; nil otherwise
	Batch      *Batch      // for NeedBatch; nil otherwise
	Sweep      *Sweep      // for NeedSweep: the last whole sweep, nil before the first
	Cross      *CrossCheck // for NeedComparison in cross mode (State.CrossOn), in place of Comparison
	Training   *Training   // for NeedTraining; nil otherwise
}

// A Problem is a message key of app/i18n and its argument.
type Problem struct {
	Key string
	Arg any
}

// OnKV reports whether the problem is the keys' and values' sentence's, in
// cross-attention: its messages are "cross.…" (the second sentence's box
// says it), the others the sentence's.
func (p Problem) OnKV() bool { return strings.HasPrefix(p.Key, "cross.") }

// onKV returns p, a problem of a text, as the keys' and values' sentence's:
// error.tooMany and error.tooLong become cross.tooMany and cross.tooLong.
func onKV(p Problem) Problem {
	p.Key = "cross." + strings.TrimPrefix(p.Key, "error.")
	return p
}

// mainKey is what the main attention is computed from.
type mainKey struct {
	in    state.Input
	own   bool   // the view's own input (State.OwnInput) in place of the sentence
	cross bool   // State.CrossOn: keys and values from kv
	kv    string // State.KVText

	trained trainedKey // State.TrainedOn: the trained layer in place of the sentence (trained.go)
}

// A Computer turns the page's State into its Results. It owns the engines
// and keeps their results while what they are computed from is unchanged:
// a keystroke runs the main engine once, a click on a head none. The zero
// Computer is ready to use; it is not safe for concurrent use.
type Computer struct {
	engine  attention.Engine
	key     mainKey
	started bool // key holds what Results were computed from
	res     Results

	cell   cached[cellKey, *attention.CellExplanation]
	scaled cached[headOf, *mat.Dense]
	rows   cached[headOf, []RowStat]

	comparison comparer
	cross      crossChecker
	batch      batcher
	sweep      sweeper
	learn      learner
	trained    trainedComparer
}

// Update computes what s needs that is out of date and returns the
// Results. The sweep it only queues (SweepPending, SweepStep): it takes 14
// runs of the engine, too long for one keystroke, each run in a step per
// head.
func (c *Computer) Update(s state.State, needs Need) Results {
	var training *Training
	if s.TrainedOn() || needs&NeedTraining != 0 {
		training = c.learn.update(s)
	}
	if k := (mainKey{s.Input, s.OwnInput(), s.CrossOn(), s.KVText(), trainedKeyOf(s, training)}); !c.started || k != c.key {
		c.key, c.started = k, true
		if k.trained.on {
			c.runTrained(s, training)
		} else {
			c.runMain(s)
		}
	}
	c.res.Heads, c.res.Head, c.res.StepHead = headsOf(s, c.res.Result)
	c.res.Comparison, c.res.Batch, c.res.Sweep, c.res.Training = nil, nil, nil, nil
	c.res.Cell, c.res.Scaled, c.res.Rows, c.res.Predict = nil, nil, nil, nil
	c.derive(s, needs)
	c.res.Cross = nil
	if needs&NeedComparison != 0 && c.res.Result != nil && s.CrossOn() {
		c.res.Cross = c.cross.update(s, c.res.Result, c.res.Rev, c.res.StepHead)
	} else if needs&NeedComparison != 0 && s.TrainedOn() {
		if c.res.Result != nil && training != nil && training.Now != nil {
			c.res.Comparison = c.trainedComparison(s, training, c.res.Head)
		}
	} else if needs&NeedComparison != 0 && c.res.Result != nil {
		c.res.Comparison = c.comparison.update(s, c.res.Head, c.mainOf(s))
		if s.Predict {
			c.res.Predict = JudgeChange(s, &c.res.Comparison.Sentences)
		}
	}
	if needs&NeedBatch != 0 && c.res.Result != nil {
		c.res.Batch = c.batch.update(s, c.res.Head, c.mainOf(s))
	}
	if needs&NeedSweep != 0 && c.res.Result != nil {
		c.res.Sweep = c.sweep.update(s, len(c.res.Result.Tokens))
	}
	c.res.Training = training
	return c.res
}

// mainOf returns the main result if it is the attention of s's sentence,
// else nil: the view's own input, the cross mode or a rejected input (whose
// Result is the last accepted one) computed it from something else.
func (c *Computer) mainOf(s state.State) *attention.Result {
	if c.res.Rejected.Key != "" || s.OwnInput() || s.CrossOn() {
		return nil
	}
	return c.res.Result
}

// derive makes what needs asks of the main result: the worked-out cell, the
// rows' statistics and the scaled scores, each kept while its key is the same.
func (c *Computer) derive(s state.State, needs Need) {
	r := c.res.Result
	if r == nil {
		return
	}
	h := headOf{c.res.Rev, c.res.StepHead}
	if needs&NeedCell != 0 && CellIn(s.Cell, r) {
		c.res.Cell = c.cell.get(cellKey{h, s.Cell}, func(old *attention.CellExplanation) *attention.CellExplanation {
			e := attention.ExplainCell(r, h.head, s.Cell.I, s.Cell.J)
			return &e
		})
	}
	if needs&NeedRowStats != 0 {
		c.res.Rows = c.rows.get(headOf{c.res.Rev, c.res.Head}, func([]RowStat) []RowStat {
			return rowStats(HeadWeights(r, c.res.Head))
		})
	}
	if needs&NeedPredict != 0 && s.Predict {
		c.res.Predict = Judge(s, r, c.res.Head)
	}
	if needs&NeedSteps != 0 {
		c.res.Scaled = c.scaled.get(h, func(old *mat.Dense) *mat.Dense {
			return attention.ScaledScores(old, r, h.head) // reuses the last one's memory
		})
	}
}

// RowStat is how peaked one row of weights is: its largest weight and its
// entropy in nats (attention.MaxWeight, attention.Entropy).
type RowStat struct {
	Max, Entropy float64
}

// rowStats returns the RowStat of every row of w.
func rowStats(w *mat.Dense) []RowStat {
	n, _ := w.Dims()
	stats := make([]RowStat, n)
	for i := range stats {
		row := w.RawRowView(i)
		stats[i] = RowStat{attention.MaxWeight(row), attention.Entropy(row)}
	}
	return stats
}

// headOf names one head of one main result.
type headOf struct {
	rev, head int
}

// cellKey names one weight of one head of one main result.
type cellKey struct {
	headOf
	cell state.CellRef
}

// cached holds the last value made for a key.
type cached[K comparable, V any] struct {
	key K
	val V
	ok  bool
}

// get returns the value of k: the one held, or make's, given the one held
// (to reuse), which it then holds.
func (c *cached[K, V]) get(k K, make func(old V) V) V {
	if !c.ok || c.key != k {
		c.key, c.val, c.ok = k, make(c.val), true
	}
	return c.val
}

// runMain runs the engine on the input of s. On success Result becomes its
// result; empty text clears Result (the views then prompt for a sentence);
// any other rejection sets Rejected and leaves Result as it was, so the
// last valid charts stay.
func (c *Computer) runMain(s state.State) {
	if long := longText(s); long != "" {
		// A text that a link could not carry (the page writes it there);
		// too many tokens is the limit that teaches, where it is that.
		c.res.Rejected = Problem{"error.tooLong", []any{state.MaxTextBytes, len(long)}}
		if _, err := text.Tokenize(long); errors.Is(err, text.ErrTooManyTokens) {
			c.res.Rejected = tooMany(long)
		}
		if long != s.Text {
			c.res.Rejected = onKV(c.res.Rejected)
		}
		c.noneIfNoResult()
		return
	}
	res, err := c.engine.Run(s.Spec())
	if err == nil {
		c.res.Result, c.res.Rejected = res, Problem{}
		c.res.Rev++
		return
	}
	// Only the text can be wrong: every other setting comes from a choice.
	// Tokenizing again, on this rare path, tells which way.
	tokens, terr := text.Tokenize(s.Text)
	switch {
	case errors.Is(terr, text.ErrTooManyTokens):
		c.res.Rejected = tooMany(s.Text)
	case terr == nil && len(tokens) == 0:
		c.res.Result, c.res.Rejected = nil, Problem{}
		c.res.Rev++
	default:
		c.res.Rejected = kvProblem(s, err)
	}
	c.noneIfNoResult()
}

// longText returns the text of s's main run longer than state.MaxTextBytes:
// the sentence, or in cross-attention the keys' and values' sentence; "" for
// none.
func longText(s state.State) string {
	for _, t := range [2]string{s.Text, s.KVText()} {
		if len(t) > state.MaxTextBytes {
			return t
		}
	}
	return ""
}

// noneIfNoResult has a rejection's message say that there are no last
// charts to speak of, where there are none.
func (c *Computer) noneIfNoResult() {
	if k := c.res.Rejected.Key; c.res.Result == nil && (k == "error.tooMany" || k == "error.rejected" || k == "error.tooLong") {
		c.res.Rejected.Key += ".none"
	}
}

// kvProblem is the message of err, the engine's rejection of an input whose
// sentence is fine: in cross-attention, an empty or too long second
// sentence in the page's words, rather than the engine's ("text_kv: …").
func kvProblem(s state.State, err error) Problem {
	if s.CrossOn() {
		kv, kerr := text.Tokenize(s.KVText())
		switch {
		case errors.Is(kerr, text.ErrTooManyTokens):
			return onKV(tooMany(s.KVText()))
		case kerr == nil && len(kv) == 0:
			return Problem{Key: "cross.empty"}
		}
	}
	return Problem{"error.rejected", err.Error()}
}

// headsOf makes the head choice of s for the charts of r (nil for none):
// see Results.Heads, Head and StepHead.
func headsOf(s state.State, r *attention.Result) (heads, head, stepHead int) {
	heads, head = s.Heads, s.Head
	if r != nil {
		heads = len(r.Heads)
	}
	if head >= heads || head < state.HeadMean {
		head = state.HeadMean
	}
	if head == state.HeadMean {
		return heads, head, 0
	}
	return heads, head, head
}
