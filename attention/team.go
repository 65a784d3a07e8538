//go:build amd64 && !purego

package attention

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// team.go: a forward's independent tasks (its heads, then its rows) on
// every core, by workers that watch for work before they sleep.
//
// The pool of parallel.go wakes its workers through channels: a worker so
// woken takes several µs to start (the Go scheduler, and the system waking
// a thread), more than one head of a small forward costs. A team worker
// watches for the next set of tasks (a loop of atomic loads) for teamSpin
// after each set: forwards run in a loop (the bench, a student's script)
// find it awake and hand it work in well under a µs. After that it naps
// (time.Sleep, from teamNap doubling up to teamMaxNap), looking for work
// after each nap, and watches again once a forward holds the team. After
// teamPark of naps it parks on a channel, so that a process that stopped
// forwarding is not woken ten times a second; the next forward to take the
// team wakes it. Nothing else wakes it: the caller claims tasks too, so a
// worker that naps, or that the system does not run, leaves its share to the
// caller. Neither the naps nor the watching allocate (a goroutine that
// blocks on a channel takes one of the runtime's waiting records, which it
// allocates now and then: only a park, after a long idle, does), and the
// caller, waiting for the workers' last tasks, makes no system call that
// the Go scheduler sees: a thread in such a call, such as sched_yield on a
// busy machine, may lose its P to a new thread, which the runtime
// allocates (measured: docs/performance.md, "Stories moved out of code
// comments"). It yields its core with a raw sched_yield (rawYield), which
// keeps its P: a worker that the system queued behind it on the same core
// then runs at once, instead of after the caller's time slice.
//
// On a busy machine the system pauses workers, sometimes with a task in
// hand, and the caller waits for them: waits that add up to more than
// teamMaxDebt, less what the sets since paid off, make the team rest
// (teamRest), and forwards take Forward's own path meanwhile. A single
// pause (another process's burst on a mostly idle machine) does not: a
// rest would cost more than the pause. A worker napping when a rest ends
// wakes then, so that the forwards after the rest find it watching.
//
// One forward at a time has the team; a forward that finds it busy (another
// goroutine's) runs its tasks alone. Which goroutine runs a task changes
// nothing in its bits.

// teamSpin is how long an idle worker watches for work after the last
// forward let the team go; teamNap and teamMaxNap bound its naps after.
const (
	teamSpin   = 50 * time.Microsecond
	teamNap    = 100 * time.Microsecond
	teamMaxNap = 100 * time.Millisecond
)

// teamLate is how much longer than its own tasks the caller may wait for
// the workers' before the wait counts as a stall (teamAccount); stalls
// over teamMaxDebt (more than one pause of a 4 ms scheduler tick), less a
// teamPayback-th of the sets' time, make forwards do without the team for
// a rest: teamRest, or twice the last rest (which a debt paid off
// halves), up to teamMaxRest.
const (
	teamLate    = 50 * time.Microsecond
	teamMaxDebt = 6 * time.Millisecond
	teamPayback = 3
	teamRest    = 20 * time.Millisecond
	teamMaxRest = time.Second
)

// teamPark is how long a worker naps before it parks (nanoseconds; tests
// shorten it).
var teamPark atomic.Int64

func init() { teamPark.Store(int64(5 * time.Second)) }

var team struct {
	start   sync.Once
	wake    chan struct{} // a token for each parked worker to wake
	parked  atomic.Int32  // workers parked on wake
	busy    sync.Mutex    // held by the forward using the team
	active  atomic.Bool   // a forward holds the team: its next set is coming
	workers int
	calm    atomic.Int64  // when the rest ends (teamClock); written under busy
	rest    time.Duration // under busy: the last rest, halved when the debt is paid
	debt    time.Duration // under busy: stalls not yet paid off (teamAccount)
	job     atomic.Pointer[teamJob]
	_       [64]byte      // gen, which idle workers read in a loop, on its own cache line
	gen     atomic.Uint64 // task sets published so far
	_       [64]byte
	claim   atomic.Uint64 // gen<<32 | tasks<<16 | the next task to claim
	done    atomic.Int64  // tasks of the current set finished
}

// teamMaxTasks bounds the tasks of one set (they are counted in 16 bits).
const teamMaxTasks = 1<<16 - 1

// startTeam starts the workers, one fewer than GOMAXPROCS, and waits until
// each has napped once (a goroutine's first nap allocates its timer).
func startTeam() {
	team.workers = min(runtime.GOMAXPROCS(0), 16) - 1
	team.wake = make(chan struct{}, max(team.workers, 1))
	var napped sync.WaitGroup
	for range team.workers {
		napped.Add(1)
		go func() {
			time.Sleep(time.Nanosecond)
			napped.Done()
			teamLoop()
		}()
	}
	napped.Wait()
}

// teamAcquire takes the team for the calling goroutine, starting it on
// first use; false when it has no workers or another goroutine has it.
func teamAcquire() bool {
	team.start.Do(startTeam)
	if team.workers == 0 || !team.busy.TryLock() {
		return false
	}
	if teamResting() > 0 {
		team.busy.Unlock()
		return false
	}
	team.active.Store(true)
	for n := team.parked.Load(); n > 0; n-- {
		select {
		case team.wake <- struct{}{}:
		default:
		}
	}
	return true
}

// teamRelease gives the team back.
func teamRelease() {
	team.active.Store(false)
	team.busy.Unlock()
}

// teamRun runs j.run(0) … j.run(tasks−1) on the calling goroutine and the
// team, which the caller holds (teamAcquire), and returns when all are
// done.
func teamRun(j *teamJob, tasks int) {
	if tasks < 1 || tasks > teamMaxTasks {
		panic("attention: teamRun: task count out of range")
	}
	g := team.gen.Load() + 1
	team.job.Store(j)
	team.done.Store(0)
	team.claim.Store((g&0xffffffff)<<32 | uint64(tasks)<<16)
	t0 := time.Now()
	team.gen.Store(g)
	teamWork(g)
	t1 := time.Now()
	t2 := t1
	if team.done.Load() < int64(tasks) {
		for i := 1; team.done.Load() < int64(tasks); i++ {
			if i%64 == 0 {
				runtime.Gosched() // let this P's other goroutines run
				rawYield()        // and a worker that waits for this core
			}
		}
		t2 = time.Now()
	}
	teamAccount(t1.Sub(t0), t2.Sub(t1))
}

// teamAccount weighs a set in which the caller ran its own tasks for own
// and then waited for the workers' for wait. A wait longer than own by
// more than teamLate means a worker was not running (the system paused
// it): the wait adds to the team's debt, which every set pays off by a
// teamPayback-th of its time. A debt over teamMaxDebt makes forwards do
// without the team for a rest: on a busy machine they would keep waiting
// on paused workers. A rare pause, on a machine that is mostly idle, costs
// less than a rest would. Two thirds of the limit stay owed after a rest,
// so that another tick's pause soon after it rests the team again, twice
// as long; a debt paid off halves the next rest.
func teamAccount(own, wait time.Duration) {
	if wait > own+teamLate {
		team.debt += wait - own
	}
	team.debt = max(0, team.debt-(own+wait)/teamPayback)
	if team.debt == 0 {
		team.rest /= 2
	}
	if team.debt <= teamMaxDebt {
		return
	}
	team.debt = teamMaxDebt * 2 / 3
	team.rest = min(max(2*team.rest, teamRest), teamMaxRest)
	team.calm.Store(teamClock() + int64(team.rest))
}

// teamEpoch is where teamClock counts from.
var teamEpoch = time.Now()

// teamClock is the monotonic time in nanoseconds since teamEpoch.
func teamClock() int64 { return int64(time.Since(teamEpoch)) }

// teamResting returns how long the team's rest has still to go, or ≤ 0.
func teamResting() time.Duration { return time.Duration(team.calm.Load() - teamClock()) }

// teamWork claims and runs tasks of set g until none is left.
func teamWork(g uint64) {
	for {
		c := team.claim.Load()
		next, tasks := c&0xffff, c>>16&0xffff
		if c>>32 != g&0xffffffff || next >= tasks {
			return
		}
		if !team.claim.CompareAndSwap(c, c+1) {
			continue
		}
		team.job.Load().run(int(next))
		team.done.Add(1)
	}
}

// teamLoop is a worker's life: wait for a set of tasks, help with it, again.
func teamLoop() {
	var seen uint64
	for {
		seen = teamNext(seen)
		teamWork(seen)
	}
}

// teamNext returns the number of the latest set, once it is not seen:
// it watches for it for teamSpin, then naps between looks until a forward
// holds the team, and watches again; after teamPark of naps it parks.
func teamNext(seen uint64) uint64 {
	for {
		if g, ok := teamWatch(seen); ok {
			return g
		}
		if g, ok := teamNaps(seen); ok {
			return g
		}
	}
}

// teamNaps naps until a set after seen comes (ok), a forward holds the
// team, or it has napped for teamPark, when it parks until a forward wakes
// it (both not ok: watch again).
func teamNaps(seen uint64) (g uint64, ok bool) {
	var napped time.Duration
	for nap := teamNap; ; nap = min(2*nap, teamMaxNap) {
		// A rest that ends during the nap ends it: the forwards that
		// rested are likely to take the team again then.
		// (Checked after the nap too: a nap overslept on a busy machine
		// may end after the rest did.)
		left := teamResting()
		if left > 0 && left <= nap {
			nap = left
		}
		time.Sleep(nap)
		napped += nap
		if g := team.gen.Load(); g != seen {
			return g, true
		}
		if (left > 0 && teamResting() <= 0) || team.active.Load() {
			return 0, false // forwards may take the team: watch
		}
		if napped >= time.Duration(teamPark.Load()) {
			team.parked.Add(1)
			<-team.wake
			team.parked.Add(-1)
			return 0, false
		}
	}
}

// teamWatch watches for a set after seen for teamSpin; ok is false when
// none came.
func teamWatch(seen uint64) (g uint64, ok bool) {
	deadline := time.Now().Add(teamSpin)
	for i := 1; ; i++ {
		if g := team.gen.Load(); g != seen {
			return g, true
		}
		if i%64 != 0 {
			continue
		}
		if time.Now().After(deadline) {
			return 0, false
		}
	}
}
