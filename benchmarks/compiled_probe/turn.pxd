# Cython declarations for src/gamewright/games/prince/turn.py, used only by benchmarks/compiled_probe.py: the
# module's own Python code compiled as is, with C types for its integer locals and _Chart as an extension type.
import cython

cdef class _Chart:
    cdef public object cfg
    cdef public object profile
    cdef public list _thresholds
    cdef public list _targets
    cdef public list curves
    cpdef long threshold(self, Py_ssize_t i) except? -1
    cpdef tuple targets(self, Py_ssize_t i)

@cython.locals(aff=list, old=cython.long, eff=cython.long, applied=cython.long, left=cython.long, new=cython.long, den=cython.long)
cpdef tuple _apply(bint carry_mode, object state, Py_ssize_t i, long raw, bint testimony)

@cython.locals(thresh=cython.long, roll=cython.double, approx=cython.double, hit=bint, saved=bint)
cpdef _check(str side, _Chart chart, object state, Py_ssize_t i, object draw, list checks)

cpdef _Chart _chart(object cfg, object profile)

cpdef tuple _direct(object cfg, object sender, object s_state, Py_ssize_t si, object receiver, Py_ssize_t ri, str pol, bint crit)

@cython.locals(pi=Py_ssize_t, oi=Py_ssize_t, testimony=bint, p_delta=cython.long, p_applied=cython.long, o_delta=cython.long, o_applied=cython.long, affliction=cython.long, testimony_score=cython.long, base=cython.long, active=cython.long, j=Py_ssize_t, i=Py_ssize_t, delta=cython.long, units=cython.long, received=cython.long, applied=cython.long, carry=bint, inverted=bint, amplified=bint, checks=list, steps=list, combust=list, p_chart=_Chart, o_chart=_Chart, chart=_Chart)
cpdef resolve_turn(object cfg, tuple profiles, tuple states, tuple acting, object rng)
