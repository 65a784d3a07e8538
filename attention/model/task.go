package model

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// Example is one sequence of a task: its token ids and, at each position,
// the id the model must predict there, or -1 where nothing is predicted.
type Example struct {
	Tokens  []int
	Targets []int
	// Refs lists per position the key the solution's attention should
	// weigh most there, or -1, for the task's pattern check.
	Refs []int
	// Alt lists per position a key that must weigh less than Refs there,
	// or -1; nil when the task has none.
	Alt []int
}

// Explanation is a text in the page's two languages.
type Explanation struct {
	En, ZhHans string
}

// Task is a problem the model learns: a generator of sequences from a seed,
// the model shape and training settings that reach the target, and what
// attention pattern a solution needs.
type Task struct {
	Name    string
	Summary Explanation // one line: what is predicted
	// Explain says, for a student, what attention pattern solves the task
	// and what the trained model shows.
	Explain Explanation
	Vocab   []string // token id → word
	Arch    Arch     // Arch.Vocab = len(Vocab)

	LR          float64 // the default learning rate
	WeightDecay float64 // AdamW's decoupled weight decay
	Clip        float64 // the global norm gradients are clipped to
	Batch       int     // sequences per step
	Steps       int     // the step budget: the target is reached by then
	Target      float64 // held-out accuracy per predicted token to reach
	// PatternTarget is the share of held-out sequences (of their rows, for
	// sort) whose attention must show the pattern once trained.
	PatternTarget float64
	// Sample is a probe sequence in the task's words, for examples.
	Sample string

	// generate draws one example from r into ex, reusing its slices.
	generate func(r *rand.Rand, ex *Example)
	// pattern counts, in one held-out sequence's forward pass, the units
	// (the sequence, or its rows) checked and those that show the pattern
	// the task needs.
	pattern func(ex *Example, p *Pass) (shown, checked int)
}

// heldOut reports whether a sequence belongs to the held-out set: one in
// eight, by a hash of its ids, so training never sees one. (The low bits of
// an FNV hash depend only on the low bits of the bytes, which would hold out
// a biased set: the hash is mixed first.)
func heldOut(tokens []int) bool {
	h := uint64(fnvOffset)
	for _, t := range tokens {
		h = (h ^ uint64(byte(t))) * fnvPrime
		h = (h ^ uint64(byte(t>>8))) * fnvPrime
	}
	return mix64(h)%8 == 0
}

// FNV-1a's 64-bit offset basis and prime (hash/fnv), written out so that
// hashing a sequence allocates nothing.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// reset gives ex slices of n elements, reusing their storage, with Targets,
// Refs (and Alt when alt, nil otherwise) set to −1.
func (ex *Example) reset(n int, alt bool) {
	ex.Tokens, ex.Targets, ex.Refs = resize(ex.Tokens, n), fill(resize(ex.Targets, n), -1), fill(resize(ex.Refs, n), -1)
	if alt {
		ex.Alt = fill(resize(ex.Alt, n), -1)
	} else {
		ex.Alt = nil
	}
}

// resize returns s with length n, on its own storage when that is large enough.
func resize(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// fill sets every element of s to v and returns s.
func fill(s []int, v int) []int {
	for i := range s {
		s[i] = v
	}
	return s
}

// perm sets buf[:n] to a random permutation of 0 … n−1, drawn from r as
// r.Perm(n) draws it, and returns it; a new slice when buf is too short.
func perm(r *rand.Rand, buf []int, n int) []int {
	p := resize(buf, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// mix64 is SplitMix64's finaliser: every output bit depends on every input bit.
func mix64(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// trainingExample draws examples from r into ex until one is not held out.
func (t *Task) trainingExample(r *rand.Rand, ex *Example) {
	for {
		if t.generate(r, ex); !heldOut(ex.Tokens) {
			return
		}
	}
}

// heldOutSet returns n held-out examples, the same for every seed.
func (t *Task) heldOutSet(n int) []Example {
	r := rand.New(rand.NewPCG(0x5eed, streamHash("heldout "+t.Name)))
	var out []Example
	for len(out) < n {
		var ex Example
		if t.generate(r, &ex); heldOut(ex.Tokens) {
			out = append(out, ex)
		}
	}
	return out
}

// streamHash is the 64-bit FNV-1a hash of s.
func streamHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

var tasks = map[string]*Task{}
var taskOrder []string

// register adds t to the tasks, completing its Arch.Vocab.
func register(t *Task) {
	t.Arch.Vocab = len(t.Vocab)
	tasks[t.Name] = t
	taskOrder = append(taskOrder, t.Name)
}

// Tasks returns the tasks in a fixed order. They are shared: read them,
// do not change them.
func Tasks() []*Task {
	out := make([]*Task, len(taskOrder))
	for i, name := range taskOrder {
		out[i] = tasks[name]
	}
	return out
}

// Lookup returns the task of that name, or an error listing the tasks.
func Lookup(name string) (*Task, error) {
	if t, ok := tasks[name]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("unknown task %q: the tasks are %s", name, strings.Join(taskOrder, ", "))
}
