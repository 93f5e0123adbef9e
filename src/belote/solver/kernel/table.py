"""The search's transposition table: its layout, a bucket's place and a key word, and a
prefetch of a bucket (numba ``@njit`` helpers inlined into :mod:`.alphabeta`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba import njit
from numba.core import cgutils, types
from numba.extending import intrinsic

TT_BITS = 18
TT_SIZE = 1 << TT_BITS  # entries (buckets of two)
MAX_EPOCH = 1 << 23  # epochs in bits 40-62 of a key word (see _key0)
MAX_VALUE = 0xFFFF  # table bounds are 16-bit: points left plus twice the capot bonus
TT_MIN_LEFT = 2  # positions with more tricks left than this go to the table (two tricks
# left are solved directly, see belote.solver.kernel.bounds._two_tricks)
M36 = (1 << 36) - 1  # a hand's bits in a table word

#: the kernel's arrays: hands, tricks, card tables, the transposition table, counters
I64Array = npt.NDArray[np.int64]


def new_table() -> I64Array:
    """Empty transposition table: ``int64[TT_SIZE, 4]``, one row an entry of 32 bytes, a bucket
    of two entries one 64-byte cache line (the array is aligned on 64 bytes: a probe costs one
    memory access, the search's most expensive instruction). Word 0: hand 0 (bits 0-35), the
    leader, the epoch (see :func:`_key0`); word 1: hand 1; word 2: hand 2 (0-35), the lower
    bound (36-51), the best move + 1 (52-57); word 3: hand 3 (0-35), the upper bound (36-51),
    the tricks left (52-55)."""
    raw = np.zeros(TT_SIZE * 4 + 8, dtype=np.int64)
    off = (-raw.ctypes.data % 64) // 8
    return raw[off:off + TT_SIZE * 4].reshape(TT_SIZE, 4)


@intrinsic
def _prefetch(typingctx, table, row):
    """Start loading row ``row`` of ``table`` (a 2-D array) into the caches and go on (LLVM's
    ``llvm.prefetch``: read, keep in every level, data). A table probe waits on memory, the
    search's most expensive instruction; the quick bounds are computed meanwhile."""
    def codegen(context, builder, sig, args):
        aty = sig.args[0]
        ary = context.make_array(aty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aty, ary,
                                       [args[1], context.get_constant(sig.args[1], 0)])
        i32 = ir.IntType(32)
        if getattr(ptr.type, "is_opaque", False):  # LLVM's untyped pointers (this llvmlite)
            name = "llvm.prefetch.p0"
        else:  # typed pointers (older llvmlite): the intrinsic takes an i8*
            ptr = builder.bitcast(ptr, ir.IntType(8).as_pointer())
            name = "llvm.prefetch.p0i8"
        fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, name)
        builder.call(fn, [ptr, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()
    return types.void(table, row), codegen


@njit(cache=True, inline="always")
def _bucket(h0, h1, h2, h3, leader):
    x = np.uint64(h0) * np.uint64(0x9E3779B97F4A7C15)
    x ^= np.uint64(h1) * np.uint64(0xC2B2AE3D27D4EB4F)
    x ^= np.uint64(h2) * np.uint64(0x165667B19E3779F9)
    x ^= np.uint64(h3) * np.uint64(0x27D4EB2F165667C5)
    x ^= np.uint64(leader + 1) * np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(29)
    return np.int64(x & np.uint64(TT_SIZE - 2))  # even: the first entry of a bucket


@njit(cache=True, inline="always")
def _key0(h0, leader, epk, won, bonus):
    """First key word of a table entry: hand 0 (bits 0-35), the leader (37-38), the epoch
    (40-), and with a capot bonus which teams have won a trick (bits 36 and 39)."""
    k = h0 | (leader << 37) | epk
    if bonus > 0:
        k |= ((won & 1) << 36) | ((won >> 1) << 39)
    return k
