"""numpy's seeding, compiled: ``SeedSequence`` and ``default_rng``'s PCG64 set-up in numba,
so a compiled loop can give each game of a chunk the generators Python would have made for
it (``np.random.default_rng([seed, index, seat, 7])``, a ``SeedSequence(...).spawn(2)[1]``)
without coming back to Python between games.

A compiled function cannot make a ``numpy.random.Generator``; it can reseed one it is
given. :class:`Reseedable` is a ``Generator(PCG64())`` with a writable view of its bit
generator's state (found through ``BitGenerator.ctypes``, numpy's interface to the bit
generator's C state); :func:`reseed` writes the state ``PCG64(SeedSequence(entropy))``
starts from. The view is checked against numpy's own ``state`` property when it is made
(:func:`reseedable`): where numpy lays the state out otherwise, there is no view and the
callers draw their generators in Python, game by game, as before.

Entropy is a sequence of 32-bit words (``entropy_words``), as ``SeedSequence`` assembles
it from its integers. The numbers are numpy's (``numpy/random/bit_generator.pyx`` and
``pcg64.h``); the tests compare every step with numpy on many seeds.
"""

from __future__ import annotations

import ctypes
import threading
from dataclasses import dataclass

import numpy as np

from engine._kernels import kernel

_MASK32 = np.uint64(0xFFFFFFFF)
_S16 = np.uint64(16)
_S32 = np.uint64(32)
_S1 = np.uint64(1)
_INIT_A = np.uint64(0x43B0D7E5)
_MULT_A = np.uint64(0x931E8875)
_INIT_B = np.uint64(0x8B51F9DD)
_MULT_B = np.uint64(0x58F38DED)
_MIX_MULT_L = np.uint64(0xCA01F9DD)
_MIX_MULT_R = np.uint64(0x4973F715)
POOL_SIZE = 4
# PCG_DEFAULT_MULTIPLIER_128, high and low words
_PCG_MULT_HI = np.uint64(0x2360ED051FC65DA4)
_PCG_MULT_LO = np.uint64(0x4385DF649FCCF645)
# the most 32-bit words of entropy a stream of a chunk needs: a match seed of up to two
# words (more: the callers draw in Python), a game index of up to two, a seat and the 7
MAX_ENTROPY = 8


def int_words(n: int) -> np.ndarray:
    """The 32-bit words ``SeedSequence`` makes of a non-negative integer, least
    significant first (0 is one word).

    >>> int_words(0).tolist(), int_words(2**32 + 5).tolist()
    ([0], [5, 1])
    """
    if n < 0:
        raise ValueError(f"a seed is a non-negative integer, not {n}")
    words = [n & 0xFFFFFFFF]
    n >>= 32
    while n:
        words.append(n & 0xFFFFFFFF)
        n >>= 32
    return np.array(words, dtype=np.uint64)


@kernel(inline="always")
def _mul32(a, b):
    """a * b modulo 2**32 (both below 2**32; the product fits 64 bits)."""
    return (a * b) & _MASK32


@kernel(inline="always")
def _hashmix(value, hash_const):
    """numpy's ``hashmix``: the mixed value and the next hash constant."""
    value = value ^ hash_const
    hash_const = _mul32(hash_const, _MULT_A)
    value = _mul32(value, hash_const)
    return value ^ (value >> _S16), hash_const


@kernel(inline="always")
def _mix(x, y):
    result = (_mul32(_MIX_MULT_L, x) - _mul32(_MIX_MULT_R, y)) & _MASK32
    return result ^ (result >> _S16)


@kernel
def seed_pool(entropy, n, pool):
    """``SeedSequence``'s pool (``POOL_SIZE`` words, into ``pool``, uint64) of the first
    ``n`` words of ``entropy`` (uint64, each below 2**32)."""
    hash_const = _INIT_A
    for i in range(POOL_SIZE):
        value = entropy[i] if i < n else np.uint64(0)
        pool[i], hash_const = _hashmix(value, hash_const)
    for i_src in range(POOL_SIZE):
        for i_dst in range(POOL_SIZE):
            if i_src != i_dst:
                mixed, hash_const = _hashmix(pool[i_src], hash_const)
                pool[i_dst] = _mix(pool[i_dst], mixed)
    for i_src in range(POOL_SIZE, n):
        for i_dst in range(POOL_SIZE):
            mixed, hash_const = _hashmix(entropy[i_src], hash_const)
            pool[i_dst] = _mix(pool[i_dst], mixed)


@kernel
def generate_state(pool, words):
    """``SeedSequence.generate_state(n, np.uint64)`` for the pool ``pool``: fills
    ``words`` (uint64, n of them)."""
    hash_const = _INIT_B
    for i in range(2 * words.shape[0]):
        value = pool[i % POOL_SIZE] ^ hash_const
        hash_const = _mul32(hash_const, _MULT_B)
        value = _mul32(value, hash_const)
        value = value ^ (value >> _S16)
        if i % 2 == 0:
            words[i // 2] = value
        else:
            words[i // 2] |= value << _S32


@kernel(inline="always")
def _mul64(a, b):
    """The 128-bit product of two 64-bit words: (high, low)."""
    a_lo, a_hi = a & _MASK32, a >> _S32
    b_lo, b_hi = b & _MASK32, b >> _S32
    lo_lo = a_lo * b_lo
    hi_lo = a_hi * b_lo
    lo_hi = a_lo * b_hi
    cross = (lo_lo >> _S32) + (hi_lo & _MASK32) + lo_hi
    high = a_hi * b_hi + (hi_lo >> _S32) + (cross >> _S32)
    return high, (cross << _S32) | (lo_lo & _MASK32)


@kernel(inline="always")
def _pcg_step(s_hi, s_lo, inc_hi, inc_lo):
    """state * PCG_DEFAULT_MULTIPLIER_128 + inc, modulo 2**128."""
    high, low = _mul64(s_lo, _PCG_MULT_LO)
    high = high + s_lo * _PCG_MULT_HI + s_hi * _PCG_MULT_LO
    low2 = low + inc_lo
    carry = np.uint64(1) if low2 < low else np.uint64(0)
    return high + inc_hi + carry, low2


@kernel
def pcg64_state(seed_words, pcg):
    """The PCG64 state (``pcg``: state low, state high, inc low, inc high, uint64) that
    numpy's ``PCG64`` starts from given ``SeedSequence.generate_state(4, np.uint64)``
    (``seed_words``): ``pcg64_set_seed``."""
    init_hi, init_lo = seed_words[0], seed_words[1]
    seq_hi, seq_lo = seed_words[2], seed_words[3]
    inc_hi = (seq_hi << _S1) | (seq_lo >> np.uint64(63))
    inc_lo = (seq_lo << _S1) | _S1
    s_hi, s_lo = _pcg_step(np.uint64(0), np.uint64(0), inc_hi, inc_lo)
    low = s_lo + init_lo
    carry = np.uint64(1) if low < s_lo else np.uint64(0)
    s_hi, s_lo = _pcg_step(s_hi + init_hi + carry, low, inc_hi, inc_lo)
    pcg[0], pcg[1], pcg[2], pcg[3] = s_lo, s_hi, inc_lo, inc_hi


@kernel
def reseed(entropy, n, pcg, buffered):
    """Reseed a :class:`Reseedable` (its ``pcg`` and ``buffered`` views) as
    ``PCG64(SeedSequence(entropy[:n]))`` starts."""
    pool = np.empty(POOL_SIZE, dtype=np.uint64)
    seed_pool(entropy, n, pool)
    words = np.empty(4, dtype=np.uint64)
    generate_state(pool, words)
    pcg64_state(words, pcg)
    buffered[0] = 0
    buffered[1] = 0


@kernel("(uint64[::1], int64, int64)")  # called with constants too: one copy
def put_words(entropy, at, value):
    """Append the 32-bit words of ``value`` (int64, >= 0) to ``entropy`` at ``at``, as
    ``SeedSequence`` splits an integer; returns the length after them."""
    v = np.uint64(value)
    entropy[at] = v & _MASK32
    at += 1
    v = v >> _S32
    while v:
        entropy[at] = v & _MASK32
        at += 1
        v = v >> _S32
    return at


@dataclass(frozen=True)
class Reseedable:
    """A ``Generator(PCG64())`` whose state compiled code can rewrite: ``pcg`` (uint64:
    state low, state high, inc low, inc high) and ``buffered`` (uint32: has a buffered
    32-bit draw, the draw) are views of the bit generator's own memory. Keep the object:
    the views live as long as it does."""

    generator: np.random.Generator
    pcg: np.ndarray
    buffered: np.ndarray


_LOCAL = threading.local()


def reseedables(n: int) -> tuple[Reseedable, ...] | None:
    """``n`` :class:`Reseedable` generators of this thread's own, the same ones call after
    call (whoever reseeds one sets all of its state, so what an earlier call left in it
    does not matter); None where numpy's PCG64 cannot be reseeded from compiled code."""
    kept = getattr(_LOCAL, "generators", ())
    while len(kept) < n:
        made = reseedable()
        if made is None:
            return None
        kept = (*kept, made)
    _LOCAL.generators = kept
    return kept[:n]


def reseedable() -> Reseedable | None:
    """A :class:`Reseedable`, or None where numpy's PCG64 state is not laid out as this
    module reads it (checked both ways against ``BitGenerator.state``)."""
    bits = np.random.PCG64(0)
    try:
        address = bits.ctypes.state_address
        pcg_address = ctypes.c_void_p.from_address(address).value
        if not pcg_address:
            return None
        pcg = np.ctypeslib.as_array((ctypes.c_uint64 * 4).from_address(pcg_address))
        buffered = np.ctypeslib.as_array((ctypes.c_uint32 * 2).from_address(address + 8))
    except (AttributeError, TypeError, ValueError):
        return None
    found = Reseedable(np.random.Generator(bits), pcg, buffered)
    state, inc = (1 << 127) | 0x0123456789ABCDEF, (5 << 96) | 0xFEDCBA9876543211
    bits.state = {"bit_generator": "PCG64", "state": {"state": state, "inc": inc},
                  "has_uint32": 1, "uinteger": 0xA5A5A5A5}
    seen = [int(x) for x in pcg] + [int(x) for x in buffered]
    want = [state & (2**64 - 1), state >> 64, inc & (2**64 - 1), inc >> 64, 1, 0xA5A5A5A5]
    if seen != want:
        return None
    pcg[:] = [7, 6, 5, 3]
    buffered[:] = [0, 0]
    back = bits.state
    if (back["state"] != {"state": (6 << 64) | 7, "inc": (3 << 64) | 5}
            or back["has_uint32"] != 0 or back["uinteger"] != 0):
        return None
    return found
