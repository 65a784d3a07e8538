package model

import "time"

// Paces are the rates, in steps a second, that a run may be slowed to so
// that a class can watch its attention change step by step; 0 is as fast
// as the machine trains.
var Paces = []int{0, 30, 10, 2}

// ValidPace reports whether rate is one of Paces.
func ValidPace(rate int) bool {
	for _, p := range Paces {
		if p == rate {
			return true
		}
	}
	return false
}

// A Pacer spaces a run's steps at a rate: the first step after Start is
// due at once, each next one a 1/rate of a second after the last. A run
// that falls behind (a busy machine, a hidden tab) goes on at the rate
// from where it is, without a burst of the steps it missed.
type Pacer struct {
	rate int       // steps a second; 0: no spacing
	from time.Time // when step base+1 was due
	base int       // the steps taken at from
}

// Start spaces the steps after taken at rate a second from now (rate 0:
// none).
func (p *Pacer) Start(rate, taken int, now time.Time) {
	*p = Pacer{rate: rate, from: now, base: taken}
}

// Rate returns the steps a second the pacer spaces at; 0 for none.
func (p *Pacer) Rate() int { return p.rate }

// Wait returns how long, from now, the step after taken is due: 0 when it
// is due already.
func (p *Pacer) Wait(taken int, now time.Time) time.Duration {
	if p.rate <= 0 {
		return 0
	}
	every := time.Second / time.Duration(p.rate)
	due := p.from.Add(time.Duration(taken-p.base) * every)
	if wait := due.Sub(now); wait > 0 {
		return wait
	}
	if now.Sub(due) > every {
		p.from, p.base = now, taken // behind: go on from here
	}
	return 0
}
