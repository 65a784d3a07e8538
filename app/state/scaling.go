package state

import (
	"fmt"
	"math"
	"strconv"
)

// The range of the temperature slider: log-scaled, 10^−1 … 10^1.
const (
	MinUITemperature = 0.1
	MaxUITemperature = 10
	// TemperatureSteps is the number of slider steps per decade.
	TemperatureSteps = 20
)

// DKChoices are the query/key widths per head offered besides 0, which
// stands for d_model/heads (the engine's default).
var DKChoices = []int{2, 4, 8, 16, 32, 64, 128}

// ClampTemperature returns t within the slider's range; 0, NaN and ±Inf
// give 1.
func ClampTemperature(t float64) float64 {
	switch {
	case t == 0 || math.IsNaN(t) || math.IsInf(t, 0):
		return 1
	case t < MinUITemperature:
		return MinUITemperature
	case t > MaxUITemperature:
		return MaxUITemperature
	}
	return t
}

// NearestDK returns d if it is 0 or one of DKChoices, and otherwise the
// choice nearest to it (the smaller on a tie; in log scale, as the choices
// double).
func NearestDK(d int) int {
	if d <= 0 {
		return 0
	}
	best := DKChoices[0]
	for _, c := range DKChoices {
		if math.Abs(math.Log2(float64(c))-math.Log2(float64(d))) < math.Abs(math.Log2(float64(best))-math.Log2(float64(d))) {
			best = c
		}
	}
	return best
}

// SliderOfTemperature and TemperatureOfSlider map between the temperature
// and the position of the slider, −TemperatureSteps … TemperatureSteps.
func SliderOfTemperature(t float64) int {
	return int(math.Round(math.Log10(ClampTemperature(t)) * TemperatureSteps))
}

func TemperatureOfSlider(pos int) float64 {
	pos = max(-TemperatureSteps, min(TemperatureSteps, pos))
	// Rounded to 3 significant digits, so that links stay short.
	t, _ := strconv.ParseFloat(strconv.FormatFloat(math.Pow(10, float64(pos)/TemperatureSteps), 'g', 3, 64), 64)
	return ClampTemperature(t)
}

// FormatTemperature writes a temperature for a link.
func FormatTemperature(t float64) string {
	return strconv.FormatFloat(ClampTemperature(t), 'g', -1, 64)
}

// ShowTemperature writes a temperature for people.
func ShowTemperature(t float64) string {
	return strconv.FormatFloat(ClampTemperature(t), 'g', 3, 64)
}

// decodeTemperature reads temp=…: a finite decimal number, clamped to the
// slider's range (a link may come from another version of the page).
func decodeTemperature(s *State, v string) error {
	if len(v) > 32 {
		return fmt.Errorf("%d bytes, expected a number", len(v))
	}
	t, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(t) || math.IsInf(t, 0) || t <= 0 {
		return fmt.Errorf("%q, expected a number > 0", v)
	}
	s.Temperature = canonicalTemperature(t)
	return nil
}

// canonicalTemperature returns t as State holds it: clamped to the slider's
// range, and 0 for 1, so that the zero State has temperature 1.
func canonicalTemperature(t float64) float64 {
	t = ClampTemperature(t)
	if t == 1 {
		return 0
	}
	return t
}

// encodeDK writes d_k for a link: "auto" for 0 (d_model/heads).
func encodeDK(d int) string {
	if d == 0 {
		return "auto"
	}
	return strconv.Itoa(d)
}

// decodeDK reads dk=…: "auto", or an integer 1…1024 that becomes the nearest
// of DKChoices.
func decodeDK(s *State, v string) error {
	if v == "auto" {
		s.DK = 0
		return nil
	}
	var d int
	if err := decodeInt(v, 1, 1<<10, &d); err != nil {
		return err
	}
	s.DK = NearestDK(d)
	return nil
}

// EffectiveDK returns the d_k the engine uses for s.
func EffectiveDK(s State) int {
	if s.DK != 0 {
		return s.DK
	}
	return s.DModel / max(1, s.Heads)
}
