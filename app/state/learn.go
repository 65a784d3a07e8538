package state

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/attention/model"
)

// The Learn view (LearnViewID, app/views/learn_view.go) trains a small
// model of attention/model on a task. Its settings are State's Task, LR,
// Steps, Until, Probe and Layer, and the shared Seed; app/compute trains.

// LearnViewID is the id of the view that trains a model.
const LearnViewID = "learn"

// Limits of the Learn view's settings.
const (
	MaxLR        = 10     // the largest learning rate (the trainer's own limit)
	MaxSteps     = 100000 // the most steps a link may ask to train
	maxProbeByte = 256    // the longest probe sequence, in bytes
	maxLayers    = 8      // the most layers a link may choose among
	defaultTask  = "previous"
)

// DefaultTask is the task a first visit trains: the first of model.Tasks.
func DefaultTask() string {
	if ts := model.Tasks(); len(ts) > 0 {
		return ts[0].Name
	}
	return defaultTask
}

// TaskLR returns the learning rate of s: State.LR, or its task's default.
func (s State) TaskLR() float64 {
	if s.LR > 0 {
		return s.LR
	}
	if t, err := model.Lookup(s.Task); err == nil {
		return t.LR
	}
	return 0
}

// TaskUntil returns the step at which training stops: State.Until, or the
// task's step budget.
func (s State) TaskUntil() int {
	if s.Until > 0 {
		return s.Until
	}
	if t, err := model.Lookup(s.Task); err == nil {
		return t.Steps
	}
	return 0
}

// normalizeLearn fills in the task and its learning rate, so that a link
// holds the number it was trained with, and keeps the layer within the
// task's layers.
func (s *State) normalizeLearn() {
	if s.Task == "" {
		s.Task = DefaultTask()
	}
	t, err := model.Lookup(s.Task)
	if err != nil {
		return // a link the page refuses (app/page, known)
	}
	if s.LR == 0 {
		s.LR = t.LR
	}
	if s.Layer >= t.Arch.Layers || s.Layer < 0 {
		s.Layer = 0
	}
}

// ProbeText returns the probe sequence of s: State.Probe, or else the
// task's sample in the page's language (the message "task.<name>.sample"
// where there is one, as for coreference's Chinese sentences), or else
// Task.Sample.
func (s State) ProbeText() string {
	if s.Probe != "" {
		return s.Probe
	}
	if key := "task." + s.Task + ".sample"; i18n.Has(s.Lang, key) {
		return i18n.T(s.Lang, key)
	}
	if t, err := model.Lookup(s.Task); err == nil {
		return t.Sample
	}
	return ""
}

// BlankProbe is the probe of an emptied probe box: blank, a probe the
// Learn view names as empty and draws nothing of, where "" is the task's
// sample (ProbeText). A link writes it as probe=+.
const BlankProbe = " "

// TypedProbe returns the probe setting of text, typed into the probe box:
// BlankProbe for an empty box.
func TypedProbe(text string) string {
	if text == "" {
		return BlankProbe
	}
	return text
}

// ProbeBox returns what the probe box shows of s: ProbeText, and an empty
// box for BlankProbe.
func (s State) ProbeBox() string {
	if s.Probe == BlankProbe {
		return ""
	}
	return s.ProbeText()
}

// FormatLR writes a learning rate for a link and the learning-rate box:
// the shortest decimal that reads back as the same float64.
func FormatLR(lr float64) string { return strconv.FormatFloat(lr, 'g', -1, 64) }

// ParseLR reads a learning rate: a number above 0 and at most MaxLR.
func ParseLR(v string) (float64, error) {
	lr, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(lr) || !(lr > 0 && lr <= MaxLR) {
		return 0, fmt.Errorf("%q, expected a number above 0 and at most %d", v, MaxLR)
	}
	return lr, nil
}

// decodeTask reads task=…: an id, which the page checks against the
// tasks, or "" for the default task.
func decodeTask(s *State, v string) error {
	if v != "" && !isID(v) {
		return errors.New("no such task")
	}
	s.Task = v
	return nil
}

// decodePace reads pace=…: one of model.Paces.
func decodePace(s *State, v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || !model.ValidPace(n) || strconv.Itoa(n) != v {
		return fmt.Errorf("%q, expected steps a second, one of %v", v, model.Paces)
	}
	s.Pace = n
	return nil
}

// decodeLR reads lr=…: see ParseLR; 0 stands for the task's default.
func decodeLR(s *State, v string) error {
	if v == "0" {
		s.LR = 0
		return nil
	}
	lr, err := ParseLR(v)
	if err != nil {
		return err
	}
	s.LR = lr
	return nil
}

// decodeProbe reads probe=…: a short line of words.
func decodeProbe(s *State, v string) error {
	return decodeProbeText(&s.Probe, v)
}

// decodeProbe2 reads probe2=…, as probe=….
func decodeProbe2(s *State, v string) error {
	return decodeProbeText(&s.Probe2, v)
}

func decodeProbeText(dst *string, v string) error {
	if len(v) > maxProbeByte {
		return fmt.Errorf("%d bytes, at most %d", len(v), maxProbeByte)
	}
	return decodeText(dst, v)
}
