begin_version
3
end_version
begin_metric
1
end_metric
60
begin_variable
var0
-1
2
Atom incolumn(y, c1)
NegatedAtom incolumn(y, c1)
end_variable
begin_variable
var1
-1
2
Atom incolumn(y, c2)
NegatedAtom incolumn(y, c2)
end_variable
begin_variable
var2
-1
2
Atom incolumn(y, c4)
NegatedAtom incolumn(y, c4)
end_variable
begin_variable
var3
-1
2
Atom incolumn(r, c2)
NegatedAtom incolumn(r, c2)
end_variable
begin_variable
var4
-1
2
Atom incolumn(r, c3)
NegatedAtom incolumn(r, c3)
end_variable
begin_variable
var5
-1
2
Atom incolumn(r, c4)
NegatedAtom incolumn(r, c4)
end_variable
begin_variable
var6
-1
2
Atom incolumn(p, c1)
NegatedAtom incolumn(p, c1)
end_variable
begin_variable
var7
-1
2
Atom incolumn(p, c3)
NegatedAtom incolumn(p, c3)
end_variable
begin_variable
var8
-1
2
Atom incolumn(p, c4)
NegatedAtom incolumn(p, c4)
end_variable
begin_variable
var9
-1
2
Atom incolumn(o, c1)
NegatedAtom incolumn(o, c1)
end_variable
begin_variable
var10
-1
2
Atom incolumn(o, c2)
NegatedAtom incolumn(o, c2)
end_variable
begin_variable
var11
-1
2
Atom incolumn(o, c3)
NegatedAtom incolumn(o, c3)
end_variable
begin_variable
var12
-1
2
Atom incolumn(g, c2)
NegatedAtom incolumn(g, c2)
end_variable
begin_variable
var13
-1
2
Atom incolumn(g, c3)
NegatedAtom incolumn(g, c3)
end_variable
begin_variable
var14
-1
2
Atom incolumn(g, c4)
NegatedAtom incolumn(g, c4)
end_variable
begin_variable
var15
-1
2
Atom incolumn(b, c1)
NegatedAtom incolumn(b, c1)
end_variable
begin_variable
var16
-1
2
Atom incolumn(b, c2)
NegatedAtom incolumn(b, c2)
end_variable
begin_variable
var17
-1
2
Atom incolumn(b, c4)
NegatedAtom incolumn(b, c4)
end_variable
begin_variable
var18
-1
2
Atom on(r, y)
NegatedAtom on(r, y)
end_variable
begin_variable
var19
-1
2
Atom on(y, r)
NegatedAtom on(y, r)
end_variable
begin_variable
var20
-1
2
Atom on(p, r)
NegatedAtom on(p, r)
end_variable
begin_variable
var21
-1
2
Atom on(p, y)
NegatedAtom on(p, y)
end_variable
begin_variable
var22
-1
2
Atom on(r, p)
NegatedAtom on(r, p)
end_variable
begin_variable
var23
-1
2
Atom on(y, p)
NegatedAtom on(y, p)
end_variable
begin_variable
var24
-1
2
Atom on(o, p)
NegatedAtom on(o, p)
end_variable
begin_variable
var25
-1
2
Atom on(o, r)
NegatedAtom on(o, r)
end_variable
begin_variable
var26
-1
2
Atom on(o, y)
NegatedAtom on(o, y)
end_variable
begin_variable
var27
-1
2
Atom on(p, o)
NegatedAtom on(p, o)
end_variable
begin_variable
var28
-1
2
Atom on(r, o)
NegatedAtom on(r, o)
end_variable
begin_variable
var29
-1
2
Atom on(y, o)
NegatedAtom on(y, o)
end_variable
begin_variable
var30
-1
2
Atom on(g, o)
NegatedAtom on(g, o)
end_variable
begin_variable
var31
-1
2
Atom on(g, p)
NegatedAtom on(g, p)
end_variable
begin_variable
var32
-1
2
Atom on(g, y)
NegatedAtom on(g, y)
end_variable
begin_variable
var33
-1
2
Atom on(o, g)
NegatedAtom on(o, g)
end_variable
begin_variable
var34
-1
2
Atom on(p, g)
NegatedAtom on(p, g)
end_variable
begin_variable
var35
-1
2
Atom on(r, g)
NegatedAtom on(r, g)
end_variable
begin_variable
var36
-1
2
Atom on(y, g)
NegatedAtom on(y, g)
end_variable
begin_variable
var37
-1
2
Atom on(b, g)
NegatedAtom on(b, g)
end_variable
begin_variable
var38
-1
2
Atom on(b, o)
NegatedAtom on(b, o)
end_variable
begin_variable
var39
-1
2
Atom on(b, p)
NegatedAtom on(b, p)
end_variable
begin_variable
var40
-1
2
Atom on(b, r)
NegatedAtom on(b, r)
end_variable
begin_variable
var41
-1
2
Atom on(g, b)
NegatedAtom on(g, b)
end_variable
begin_variable
var42
-1
2
Atom on(o, b)
NegatedAtom on(o, b)
end_variable
begin_variable
var43
-1
2
Atom on(p, b)
NegatedAtom on(p, b)
end_variable
begin_variable
var44
-1
2
Atom on(r, b)
NegatedAtom on(r, b)
end_variable
begin_variable
var45
-1
2
Atom on(y, b)
NegatedAtom on(y, b)
end_variable
begin_variable
var46
-1
2
Atom clear(y)
NegatedAtom clear(y)
end_variable
begin_variable
var47
-1
2
Atom clear(r)
NegatedAtom clear(r)
end_variable
begin_variable
var48
-1
2
Atom incolumn(y, c3)
NegatedAtom incolumn(y, c3)
end_variable
begin_variable
var49
-1
2
Atom incolumn(r, c1)
NegatedAtom incolumn(r, c1)
end_variable
begin_variable
var50
-1
2
Atom incolumn(p, c2)
NegatedAtom incolumn(p, c2)
end_variable
begin_variable
var51
-1
2
Atom incolumn(o, c4)
NegatedAtom incolumn(o, c4)
end_variable
begin_variable
var52
-1
2
Atom incolumn(g, c1)
NegatedAtom incolumn(g, c1)
end_variable
begin_variable
var53
-1
2
Atom incolumn(b, c3)
NegatedAtom incolumn(b, c3)
end_variable
begin_variable
var54
-1
2
Atom on(g, r)
NegatedAtom on(g, r)
end_variable
begin_variable
var55
-1
2
Atom on(b, y)
NegatedAtom on(b, y)
end_variable
begin_variable
var56
-1
2
Atom clear(b)
NegatedAtom clear(b)
end_variable
begin_variable
var57
-1
2
Atom clear(g)
NegatedAtom clear(g)
end_variable
begin_variable
var58
-1
2
Atom clear(o)
NegatedAtom clear(o)
end_variable
begin_variable
var59
-1
2
Atom clear(p)
NegatedAtom clear(p)
end_variable
36
begin_mutex_group
fw
2
0 0
1 0
end_mutex_group
begin_mutex_group
fw
2
0 0
2 0
end_mutex_group
begin_mutex_group
fw
2
0 0
48 0
end_mutex_group
begin_mutex_group
fw
2
1 0
2 0
end_mutex_group
begin_mutex_group
fw
2
1 0
48 0
end_mutex_group
begin_mutex_group
fw
2
2 0
48 0
end_mutex_group
begin_mutex_group
fw
2
3 0
4 0
end_mutex_group
begin_mutex_group
fw
2
3 0
5 0
end_mutex_group
begin_mutex_group
fw
2
3 0
49 0
end_mutex_group
begin_mutex_group
fw
2
4 0
5 0
end_mutex_group
begin_mutex_group
fw
2
4 0
49 0
end_mutex_group
begin_mutex_group
fw
2
5 0
49 0
end_mutex_group
begin_mutex_group
fw
2
6 0
7 0
end_mutex_group
begin_mutex_group
fw
2
6 0
8 0
end_mutex_group
begin_mutex_group
fw
2
6 0
50 0
end_mutex_group
begin_mutex_group
fw
2
7 0
8 0
end_mutex_group
begin_mutex_group
fw
2
7 0
50 0
end_mutex_group
begin_mutex_group
fw
2
8 0
50 0
end_mutex_group
begin_mutex_group
fw
2
9 0
10 0
end_mutex_group
begin_mutex_group
fw
2
9 0
11 0
end_mutex_group
begin_mutex_group
fw
2
9 0
51 0
end_mutex_group
begin_mutex_group
fw
2
10 0
11 0
end_mutex_group
begin_mutex_group
fw
2
10 0
51 0
end_mutex_group
begin_mutex_group
fw
2
11 0
51 0
end_mutex_group
begin_mutex_group
fw
2
12 0
13 0
end_mutex_group
begin_mutex_group
fw
2
12 0
14 0
end_mutex_group
begin_mutex_group
fw
2
12 0
52 0
end_mutex_group
begin_mutex_group
fw
2
13 0
14 0
end_mutex_group
begin_mutex_group
fw
2
13 0
52 0
end_mutex_group
begin_mutex_group
fw
2
14 0
52 0
end_mutex_group
begin_mutex_group
fw
2
15 0
16 0
end_mutex_group
begin_mutex_group
fw
2
15 0
17 0
end_mutex_group
begin_mutex_group
fw
2
15 0
53 0
end_mutex_group
begin_mutex_group
fw
2
16 0
17 0
end_mutex_group
begin_mutex_group
fw
2
16 0
53 0
end_mutex_group
begin_mutex_group
fw
2
17 0
53 0
end_mutex_group
begin_state
0
1
1
0
1
1
1
0
1
1
0
1
1
1
1
0
1
1
1
1
1
1
1
1
1
0
1
1
1
1
1
1
1
1
1
1
0
1
1
1
1
1
1
1
1
1
1
1
1
1
1
1
0
1
1
0
0
1
0
0
end_state
begin_goal
12
48 0
49 0
50 0
51 0
52 0
53 0
54 0
55 0
56 0
57 0
58 0
59 0
end_goal
24
begin_operator
moveblock b c1
1
56 0
29
1 37 0 57 -1 0
3 57 0 52 0 37 1 57 -1 1
1 38 0 58 -1 0
3 58 0 9 0 38 1 58 -1 1
1 39 0 59 -1 0
3 59 0 6 0 39 1 59 -1 1
1 40 0 47 -1 0
3 47 0 49 0 40 1 47 -1 1
1 55 0 46 -1 0
3 46 0 0 0 55 1 46 -1 1
0 15 1 0
0 16 -1 1
0 53 -1 1
0 17 -1 1
2 57 0 52 0 37 -1 0
2 57 1 37 0 37 -1 1
2 52 1 37 0 37 -1 1
2 58 0 9 0 38 -1 0
2 58 1 38 0 38 -1 1
2 9 1 38 0 38 -1 1
2 59 0 6 0 39 -1 0
2 59 1 39 0 39 -1 1
2 6 1 39 0 39 -1 1
2 47 0 49 0 40 -1 0
2 47 1 40 0 40 -1 1
2 49 1 40 0 40 -1 1
2 46 0 0 0 55 -1 0
2 46 1 55 0 55 -1 1
2 0 1 55 0 55 -1 1
1
end_operator
begin_operator
moveblock b c2
1
56 0
29
1 37 0 57 -1 0
3 57 0 12 0 37 1 57 -1 1
1 38 0 58 -1 0
3 58 0 10 0 38 1 58 -1 1
1 39 0 59 -1 0
3 59 0 50 0 39 1 59 -1 1
1 40 0 47 -1 0
3 47 0 3 0 40 1 47 -1 1
1 55 0 46 -1 0
3 46 0 1 0 55 1 46 -1 1
0 15 -1 1
0 16 1 0
0 53 -1 1
0 17 -1 1
2 57 0 12 0 37 -1 0
2 57 1 37 0 37 -1 1
2 12 1 37 0 37 -1 1
2 58 0 10 0 38 -1 0
2 58 1 38 0 38 -1 1
2 10 1 38 0 38 -1 1
2 59 0 50 0 39 -1 0
2 59 1 39 0 39 -1 1
2 50 1 39 0 39 -1 1
2 47 0 3 0 40 -1 0
2 47 1 40 0 40 -1 1
2 3 1 40 0 40 -1 1
2 46 0 1 0 55 -1 0
2 46 1 55 0 55 -1 1
2 1 1 55 0 55 -1 1
1
end_operator
begin_operator
moveblock b c3
1
56 0
29
1 37 0 57 -1 0
3 57 0 13 0 37 1 57 -1 1
1 38 0 58 -1 0
3 58 0 11 0 38 1 58 -1 1
1 39 0 59 -1 0
3 59 0 7 0 39 1 59 -1 1
1 40 0 47 -1 0
3 47 0 4 0 40 1 47 -1 1
1 55 0 46 -1 0
3 46 0 48 0 55 1 46 -1 1
0 15 -1 1
0 16 -1 1
0 53 1 0
0 17 -1 1
2 57 0 13 0 37 -1 0
2 57 1 37 0 37 -1 1
2 13 1 37 0 37 -1 1
2 58 0 11 0 38 -1 0
2 58 1 38 0 38 -1 1
2 11 1 38 0 38 -1 1
2 59 0 7 0 39 -1 0
2 59 1 39 0 39 -1 1
2 7 1 39 0 39 -1 1
2 47 0 4 0 40 -1 0
2 47 1 40 0 40 -1 1
2 4 1 40 0 40 -1 1
2 46 0 48 0 55 -1 0
2 46 1 55 0 55 -1 1
2 48 1 55 0 55 -1 1
1
end_operator
begin_operator
moveblock b c4
1
56 0
29
1 37 0 57 -1 0
3 57 0 14 0 37 1 57 -1 1
1 38 0 58 -1 0
3 58 0 51 0 38 1 58 -1 1
1 39 0 59 -1 0
3 59 0 8 0 39 1 59 -1 1
1 40 0 47 -1 0
3 47 0 5 0 40 1 47 -1 1
1 55 0 46 -1 0
3 46 0 2 0 55 1 46 -1 1
0 15 -1 1
0 16 -1 1
0 53 -1 1
0 17 1 0
2 57 0 14 0 37 -1 0
2 57 1 37 0 37 -1 1
2 14 1 37 0 37 -1 1
2 58 0 51 0 38 -1 0
2 58 1 38 0 38 -1 1
2 51 1 38 0 38 -1 1
2 59 0 8 0 39 -1 0
2 59 1 39 0 39 -1 1
2 8 1 39 0 39 -1 1
2 47 0 5 0 40 -1 0
2 47 1 40 0 40 -1 1
2 5 1 40 0 40 -1 1
2 46 0 2 0 55 -1 0
2 46 1 55 0 55 -1 1
2 2 1 55 0 55 -1 1
1
end_operator
begin_operator
moveblock g c1
1
57 0
29
1 41 0 56 -1 0
3 56 0 15 0 41 1 56 -1 1
1 30 0 58 -1 0
3 58 0 9 0 30 1 58 -1 1
1 31 0 59 -1 0
3 59 0 6 0 31 1 59 -1 1
1 54 0 47 -1 0
3 47 0 49 0 54 1 47 -1 1
1 32 0 46 -1 0
3 46 0 0 0 32 1 46 -1 1
0 52 1 0
0 12 -1 1
0 13 -1 1
0 14 -1 1
2 56 0 15 0 41 -1 0
2 56 1 41 0 41 -1 1
2 15 1 41 0 41 -1 1
2 58 0 9 0 30 -1 0
2 58 1 30 0 30 -1 1
2 9 1 30 0 30 -1 1
2 59 0 6 0 31 -1 0
2 59 1 31 0 31 -1 1
2 6 1 31 0 31 -1 1
2 47 0 49 0 54 -1 0
2 47 1 54 0 54 -1 1
2 49 1 54 0 54 -1 1
2 46 0 0 0 32 -1 0
2 46 1 32 0 32 -1 1
2 0 1 32 0 32 -1 1
1
end_operator
begin_operator
moveblock g c2
1
57 0
29
1 41 0 56 -1 0
3 56 0 16 0 41 1 56 -1 1
1 30 0 58 -1 0
3 58 0 10 0 30 1 58 -1 1
1 31 0 59 -1 0
3 59 0 50 0 31 1 59 -1 1
1 54 0 47 -1 0
3 47 0 3 0 54 1 47 -1 1
1 32 0 46 -1 0
3 46 0 1 0 32 1 46 -1 1
0 52 -1 1
0 12 1 0
0 13 -1 1
0 14 -1 1
2 56 0 16 0 41 -1 0
2 56 1 41 0 41 -1 1
2 16 1 41 0 41 -1 1
2 58 0 10 0 30 -1 0
2 58 1 30 0 30 -1 1
2 10 1 30 0 30 -1 1
2 59 0 50 0 31 -1 0
2 59 1 31 0 31 -1 1
2 50 1 31 0 31 -1 1
2 47 0 3 0 54 -1 0
2 47 1 54 0 54 -1 1
2 3 1 54 0 54 -1 1
2 46 0 1 0 32 -1 0
2 46 1 32 0 32 -1 1
2 1 1 32 0 32 -1 1
1
end_operator
begin_operator
moveblock g c3
1
57 0
29
1 41 0 56 -1 0
3 56 0 53 0 41 1 56 -1 1
1 30 0 58 -1 0
3 58 0 11 0 30 1 58 -1 1
1 31 0 59 -1 0
3 59 0 7 0 31 1 59 -1 1
1 54 0 47 -1 0
3 47 0 4 0 54 1 47 -1 1
1 32 0 46 -1 0
3 46 0 48 0 32 1 46 -1 1
0 52 -1 1
0 12 -1 1
0 13 1 0
0 14 -1 1
2 56 0 53 0 41 -1 0
2 56 1 41 0 41 -1 1
2 53 1 41 0 41 -1 1
2 58 0 11 0 30 -1 0
2 58 1 30 0 30 -1 1
2 11 1 30 0 30 -1 1
2 59 0 7 0 31 -1 0
2 59 1 31 0 31 -1 1
2 7 1 31 0 31 -1 1
2 47 0 4 0 54 -1 0
2 47 1 54 0 54 -1 1
2 4 1 54 0 54 -1 1
2 46 0 48 0 32 -1 0
2 46 1 32 0 32 -1 1
2 48 1 32 0 32 -1 1
1
end_operator
begin_operator
moveblock g c4
1
57 0
29
1 41 0 56 -1 0
3 56 0 17 0 41 1 56 -1 1
1 30 0 58 -1 0
3 58 0 51 0 30 1 58 -1 1
1 31 0 59 -1 0
3 59 0 8 0 31 1 59 -1 1
1 54 0 47 -1 0
3 47 0 5 0 54 1 47 -1 1
1 32 0 46 -1 0
3 46 0 2 0 32 1 46 -1 1
0 52 -1 1
0 12 -1 1
0 13 -1 1
0 14 1 0
2 56 0 17 0 41 -1 0
2 56 1 41 0 41 -1 1
2 17 1 41 0 41 -1 1
2 58 0 51 0 30 -1 0
2 58 1 30 0 30 -1 1
2 51 1 30 0 30 -1 1
2 59 0 8 0 31 -1 0
2 59 1 31 0 31 -1 1
2 8 1 31 0 31 -1 1
2 47 0 5 0 54 -1 0
2 47 1 54 0 54 -1 1
2 5 1 54 0 54 -1 1
2 46 0 2 0 32 -1 0
2 46 1 32 0 32 -1 1
2 2 1 32 0 32 -1 1
1
end_operator
begin_operator
moveblock o c1
1
58 0
29
1 42 0 56 -1 0
3 56 0 15 0 42 1 56 -1 1
1 33 0 57 -1 0
3 57 0 52 0 33 1 57 -1 1
1 24 0 59 -1 0
3 59 0 6 0 24 1 59 -1 1
1 25 0 47 -1 0
3 47 0 49 0 25 1 47 -1 1
1 26 0 46 -1 0
3 46 0 0 0 26 1 46 -1 1
0 9 1 0
0 10 -1 1
0 11 -1 1
0 51 -1 1
2 56 0 15 0 42 -1 0
2 56 1 42 0 42 -1 1
2 15 1 42 0 42 -1 1
2 57 0 52 0 33 -1 0
2 57 1 33 0 33 -1 1
2 52 1 33 0 33 -1 1
2 59 0 6 0 24 -1 0
2 59 1 24 0 24 -1 1
2 6 1 24 0 24 -1 1
2 47 0 49 0 25 -1 0
2 47 1 25 0 25 -1 1
2 49 1 25 0 25 -1 1
2 46 0 0 0 26 -1 0
2 46 1 26 0 26 -1 1
2 0 1 26 0 26 -1 1
1
end_operator
begin_operator
moveblock o c2
1
58 0
29
1 42 0 56 -1 0
3 56 0 16 0 42 1 56 -1 1
1 33 0 57 -1 0
3 57 0 12 0 33 1 57 -1 1
1 24 0 59 -1 0
3 59 0 50 0 24 1 59 -1 1
1 25 0 47 -1 0
3 47 0 3 0 25 1 47 -1 1
1 26 0 46 -1 0
3 46 0 1 0 26 1 46 -1 1
0 9 -1 1
0 10 1 0
0 11 -1 1
0 51 -1 1
2 56 0 16 0 42 -1 0
2 56 1 42 0 42 -1 1
2 16 1 42 0 42 -1 1
2 57 0 12 0 33 -1 0
2 57 1 33 0 33 -1 1
2 12 1 33 0 33 -1 1
2 59 0 50 0 24 -1 0
2 59 1 24 0 24 -1 1
2 50 1 24 0 24 -1 1
2 47 0 3 0 25 -1 0
2 47 1 25 0 25 -1 1
2 3 1 25 0 25 -1 1
2 46 0 1 0 26 -1 0
2 46 1 26 0 26 -1 1
2 1 1 26 0 26 -1 1
1
end_operator
begin_operator
moveblock o c3
1
58 0
29
1 42 0 56 -1 0
3 56 0 53 0 42 1 56 -1 1
1 33 0 57 -1 0
3 57 0 13 0 33 1 57 -1 1
1 24 0 59 -1 0
3 59 0 7 0 24 1 59 -1 1
1 25 0 47 -1 0
3 47 0 4 0 25 1 47 -1 1
1 26 0 46 -1 0
3 46 0 48 0 26 1 46 -1 1
0 9 -1 1
0 10 -1 1
0 11 1 0
0 51 -1 1
2 56 0 53 0 42 -1 0
2 56 1 42 0 42 -1 1
2 53 1 42 0 42 -1 1
2 57 0 13 0 33 -1 0
2 57 1 33 0 33 -1 1
2 13 1 33 0 33 -1 1
2 59 0 7 0 24 -1 0
2 59 1 24 0 24 -1 1
2 7 1 24 0 24 -1 1
2 47 0 4 0 25 -1 0
2 47 1 25 0 25 -1 1
2 4 1 25 0 25 -1 1
2 46 0 48 0 26 -1 0
2 46 1 26 0 26 -1 1
2 48 1 26 0 26 -1 1
1
end_operator
begin_operator
moveblock o c4
1
58 0
29
1 42 0 56 -1 0
3 56 0 17 0 42 1 56 -1 1
1 33 0 57 -1 0
3 57 0 14 0 33 1 57 -1 1
1 24 0 59 -1 0
3 59 0 8 0 24 1 59 -1 1
1 25 0 47 -1 0
3 47 0 5 0 25 1 47 -1 1
1 26 0 46 -1 0
3 46 0 2 0 26 1 46 -1 1
0 9 -1 1
0 10 -1 1
0 11 -1 1
0 51 1 0
2 56 0 17 0 42 -1 0
2 56 1 42 0 42 -1 1
2 17 1 42 0 42 -1 1
2 57 0 14 0 33 -1 0
2 57 1 33 0 33 -1 1
2 14 1 33 0 33 -1 1
2 59 0 8 0 24 -1 0
2 59 1 24 0 24 -1 1
2 8 1 24 0 24 -1 1
2 47 0 5 0 25 -1 0
2 47 1 25 0 25 -1 1
2 5 1 25 0 25 -1 1
2 46 0 2 0 26 -1 0
2 46 1 26 0 26 -1 1
2 2 1 26 0 26 -1 1
1
end_operator
begin_operator
moveblock p c1
1
59 0
29
1 43 0 56 -1 0
3 56 0 15 0 43 1 56 -1 1
1 34 0 57 -1 0
3 57 0 52 0 34 1 57 -1 1
1 27 0 58 -1 0
3 58 0 9 0 27 1 58 -1 1
1 20 0 47 -1 0
3 47 0 49 0 20 1 47 -1 1
1 21 0 46 -1 0
3 46 0 0 0 21 1 46 -1 1
0 6 1 0
0 50 -1 1
0 7 -1 1
0 8 -1 1
2 56 0 15 0 43 -1 0
2 56 1 43 0 43 -1 1
2 15 1 43 0 43 -1 1
2 57 0 52 0 34 -1 0
2 57 1 34 0 34 -1 1
2 52 1 34 0 34 -1 1
2 58 0 9 0 27 -1 0
2 58 1 27 0 27 -1 1
2 9 1 27 0 27 -1 1
2 47 0 49 0 20 -1 0
2 47 1 20 0 20 -1 1
2 49 1 20 0 20 -1 1
2 46 0 0 0 21 -1 0
2 46 1 21 0 21 -1 1
2 0 1 21 0 21 -1 1
1
end_operator
begin_operator
moveblock p c2
1
59 0
29
1 43 0 56 -1 0
3 56 0 16 0 43 1 56 -1 1
1 34 0 57 -1 0
3 57 0 12 0 34 1 57 -1 1
1 27 0 58 -1 0
3 58 0 10 0 27 1 58 -1 1
1 20 0 47 -1 0
3 47 0 3 0 20 1 47 -1 1
1 21 0 46 -1 0
3 46 0 1 0 21 1 46 -1 1
0 6 -1 1
0 50 1 0
0 7 -1 1
0 8 -1 1
2 56 0 16 0 43 -1 0
2 56 1 43 0 43 -1 1
2 16 1 43 0 43 -1 1
2 57 0 12 0 34 -1 0
2 57 1 34 0 34 -1 1
2 12 1 34 0 34 -1 1
2 58 0 10 0 27 -1 0
2 58 1 27 0 27 -1 1
2 10 1 27 0 27 -1 1
2 47 0 3 0 20 -1 0
2 47 1 20 0 20 -1 1
2 3 1 20 0 20 -1 1
2 46 0 1 0 21 -1 0
2 46 1 21 0 21 -1 1
2 1 1 21 0 21 -1 1
1
end_operator
begin_operator
moveblock p c3
1
59 0
29
1 43 0 56 -1 0
3 56 0 53 0 43 1 56 -1 1
1 34 0 57 -1 0
3 57 0 13 0 34 1 57 -1 1
1 27 0 58 -1 0
3 58 0 11 0 27 1 58 -1 1
1 20 0 47 -1 0
3 47 0 4 0 20 1 47 -1 1
1 21 0 46 -1 0
3 46 0 48 0 21 1 46 -1 1
0 6 -1 1
0 50 -1 1
0 7 1 0
0 8 -1 1
2 56 0 53 0 43 -1 0
2 56 1 43 0 43 -1 1
2 53 1 43 0 43 -1 1
2 57 0 13 0 34 -1 0
2 57 1 34 0 34 -1 1
2 13 1 34 0 34 -1 1
2 58 0 11 0 27 -1 0
2 58 1 27 0 27 -1 1
2 11 1 27 0 27 -1 1
2 47 0 4 0 20 -1 0
2 47 1 20 0 20 -1 1
2 4 1 20 0 20 -1 1
2 46 0 48 0 21 -1 0
2 46 1 21 0 21 -1 1
2 48 1 21 0 21 -1 1
1
end_operator
begin_operator
moveblock p c4
1
59 0
29
1 43 0 56 -1 0
3 56 0 17 0 43 1 56 -1 1
1 34 0 57 -1 0
3 57 0 14 0 34 1 57 -1 1
1 27 0 58 -1 0
3 58 0 51 0 27 1 58 -1 1
1 20 0 47 -1 0
3 47 0 5 0 20 1 47 -1 1
1 21 0 46 -1 0
3 46 0 2 0 21 1 46 -1 1
0 6 -1 1
0 50 -1 1
0 7 -1 1
0 8 1 0
2 56 0 17 0 43 -1 0
2 56 1 43 0 43 -1 1
2 17 1 43 0 43 -1 1
2 57 0 14 0 34 -1 0
2 57 1 34 0 34 -1 1
2 14 1 34 0 34 -1 1
2 58 0 51 0 27 -1 0
2 58 1 27 0 27 -1 1
2 51 1 27 0 27 -1 1
2 47 0 5 0 20 -1 0
2 47 1 20 0 20 -1 1
2 5 1 20 0 20 -1 1
2 46 0 2 0 21 -1 0
2 46 1 21 0 21 -1 1
2 2 1 21 0 21 -1 1
1
end_operator
begin_operator
moveblock r c1
1
47 0
29
1 44 0 56 -1 0
3 56 0 15 0 44 1 56 -1 1
1 35 0 57 -1 0
3 57 0 52 0 35 1 57 -1 1
1 28 0 58 -1 0
3 58 0 9 0 28 1 58 -1 1
1 22 0 59 -1 0
3 59 0 6 0 22 1 59 -1 1
1 18 0 46 -1 0
3 46 0 0 0 18 1 46 -1 1
0 49 1 0
0 3 -1 1
0 4 -1 1
0 5 -1 1
2 56 0 15 0 44 -1 0
2 56 1 44 0 44 -1 1
2 15 1 44 0 44 -1 1
2 57 0 52 0 35 -1 0
2 57 1 35 0 35 -1 1
2 52 1 35 0 35 -1 1
2 58 0 9 0 28 -1 0
2 58 1 28 0 28 -1 1
2 9 1 28 0 28 -1 1
2 59 0 6 0 22 -1 0
2 59 1 22 0 22 -1 1
2 6 1 22 0 22 -1 1
2 46 0 0 0 18 -1 0
2 46 1 18 0 18 -1 1
2 0 1 18 0 18 -1 1
1
end_operator
begin_operator
moveblock r c2
1
47 0
29
1 44 0 56 -1 0
3 56 0 16 0 44 1 56 -1 1
1 35 0 57 -1 0
3 57 0 12 0 35 1 57 -1 1
1 28 0 58 -1 0
3 58 0 10 0 28 1 58 -1 1
1 22 0 59 -1 0
3 59 0 50 0 22 1 59 -1 1
1 18 0 46 -1 0
3 46 0 1 0 18 1 46 -1 1
0 49 -1 1
0 3 1 0
0 4 -1 1
0 5 -1 1
2 56 0 16 0 44 -1 0
2 56 1 44 0 44 -1 1
2 16 1 44 0 44 -1 1
2 57 0 12 0 35 -1 0
2 57 1 35 0 35 -1 1
2 12 1 35 0 35 -1 1
2 58 0 10 0 28 -1 0
2 58 1 28 0 28 -1 1
2 10 1 28 0 28 -1 1
2 59 0 50 0 22 -1 0
2 59 1 22 0 22 -1 1
2 50 1 22 0 22 -1 1
2 46 0 1 0 18 -1 0
2 46 1 18 0 18 -1 1
2 1 1 18 0 18 -1 1
1
end_operator
begin_operator
moveblock r c3
1
47 0
29
1 44 0 56 -1 0
3 56 0 53 0 44 1 56 -1 1
1 35 0 57 -1 0
3 57 0 13 0 35 1 57 -1 1
1 28 0 58 -1 0
3 58 0 11 0 28 1 58 -1 1
1 22 0 59 -1 0
3 59 0 7 0 22 1 59 -1 1
1 18 0 46 -1 0
3 46 0 48 0 18 1 46 -1 1
0 49 -1 1
0 3 -1 1
0 4 1 0
0 5 -1 1
2 56 0 53 0 44 -1 0
2 56 1 44 0 44 -1 1
2 53 1 44 0 44 -1 1
2 57 0 13 0 35 -1 0
2 57 1 35 0 35 -1 1
2 13 1 35 0 35 -1 1
2 58 0 11 0 28 -1 0
2 58 1 28 0 28 -1 1
2 11 1 28 0 28 -1 1
2 59 0 7 0 22 -1 0
2 59 1 22 0 22 -1 1
2 7 1 22 0 22 -1 1
2 46 0 48 0 18 -1 0
2 46 1 18 0 18 -1 1
2 48 1 18 0 18 -1 1
1
end_operator
begin_operator
moveblock r c4
1
47 0
29
1 44 0 56 -1 0
3 56 0 17 0 44 1 56 -1 1
1 35 0 57 -1 0
3 57 0 14 0 35 1 57 -1 1
1 28 0 58 -1 0
3 58 0 51 0 28 1 58 -1 1
1 22 0 59 -1 0
3 59 0 8 0 22 1 59 -1 1
1 18 0 46 -1 0
3 46 0 2 0 18 1 46 -1 1
0 49 -1 1
0 3 -1 1
0 4 -1 1
0 5 1 0
2 56 0 17 0 44 -1 0
2 56 1 44 0 44 -1 1
2 17 1 44 0 44 -1 1
2 57 0 14 0 35 -1 0
2 57 1 35 0 35 -1 1
2 14 1 35 0 35 -1 1
2 58 0 51 0 28 -1 0
2 58 1 28 0 28 -1 1
2 51 1 28 0 28 -1 1
2 59 0 8 0 22 -1 0
2 59 1 22 0 22 -1 1
2 8 1 22 0 22 -1 1
2 46 0 2 0 18 -1 0
2 46 1 18 0 18 -1 1
2 2 1 18 0 18 -1 1
1
end_operator
begin_operator
moveblock y c1
1
46 0
29
1 45 0 56 -1 0
3 56 0 15 0 45 1 56 -1 1
1 36 0 57 -1 0
3 57 0 52 0 36 1 57 -1 1
1 29 0 58 -1 0
3 58 0 9 0 29 1 58 -1 1
1 23 0 59 -1 0
3 59 0 6 0 23 1 59 -1 1
1 19 0 47 -1 0
3 47 0 49 0 19 1 47 -1 1
0 0 1 0
0 1 -1 1
0 48 -1 1
0 2 -1 1
2 56 0 15 0 45 -1 0
2 56 1 45 0 45 -1 1
2 15 1 45 0 45 -1 1
2 57 0 52 0 36 -1 0
2 57 1 36 0 36 -1 1
2 52 1 36 0 36 -1 1
2 58 0 9 0 29 -1 0
2 58 1 29 0 29 -1 1
2 9 1 29 0 29 -1 1
2 59 0 6 0 23 -1 0
2 59 1 23 0 23 -1 1
2 6 1 23 0 23 -1 1
2 47 0 49 0 19 -1 0
2 47 1 19 0 19 -1 1
2 49 1 19 0 19 -1 1
1
end_operator
begin_operator
moveblock y c2
1
46 0
29
1 45 0 56 -1 0
3 56 0 16 0 45 1 56 -1 1
1 36 0 57 -1 0
3 57 0 12 0 36 1 57 -1 1
1 29 0 58 -1 0
3 58 0 10 0 29 1 58 -1 1
1 23 0 59 -1 0
3 59 0 50 0 23 1 59 -1 1
1 19 0 47 -1 0
3 47 0 3 0 19 1 47 -1 1
0 0 -1 1
0 1 1 0
0 48 -1 1
0 2 -1 1
2 56 0 16 0 45 -1 0
2 56 1 45 0 45 -1 1
2 16 1 45 0 45 -1 1
2 57 0 12 0 36 -1 0
2 57 1 36 0 36 -1 1
2 12 1 36 0 36 -1 1
2 58 0 10 0 29 -1 0
2 58 1 29 0 29 -1 1
2 10 1 29 0 29 -1 1
2 59 0 50 0 23 -1 0
2 59 1 23 0 23 -1 1
2 50 1 23 0 23 -1 1
2 47 0 3 0 19 -1 0
2 47 1 19 0 19 -1 1
2 3 1 19 0 19 -1 1
1
end_operator
begin_operator
moveblock y c3
1
46 0
29
1 45 0 56 -1 0
3 56 0 53 0 45 1 56 -1 1
1 36 0 57 -1 0
3 57 0 13 0 36 1 57 -1 1
1 29 0 58 -1 0
3 58 0 11 0 29 1 58 -1 1
1 23 0 59 -1 0
3 59 0 7 0 23 1 59 -1 1
1 19 0 47 -1 0
3 47 0 4 0 19 1 47 -1 1
0 0 -1 1
0 1 -1 1
0 48 1 0
0 2 -1 1
2 56 0 53 0 45 -1 0
2 56 1 45 0 45 -1 1
2 53 1 45 0 45 -1 1
2 57 0 13 0 36 -1 0
2 57 1 36 0 36 -1 1
2 13 1 36 0 36 -1 1
2 58 0 11 0 29 -1 0
2 58 1 29 0 29 -1 1
2 11 1 29 0 29 -1 1
2 59 0 7 0 23 -1 0
2 59 1 23 0 23 -1 1
2 7 1 23 0 23 -1 1
2 47 0 4 0 19 -1 0
2 47 1 19 0 19 -1 1
2 4 1 19 0 19 -1 1
1
end_operator
begin_operator
moveblock y c4
1
46 0
29
1 45 0 56 -1 0
3 56 0 17 0 45 1 56 -1 1
1 36 0 57 -1 0
3 57 0 14 0 36 1 57 -1 1
1 29 0 58 -1 0
3 58 0 51 0 29 1 58 -1 1
1 23 0 59 -1 0
3 59 0 8 0 23 1 59 -1 1
1 19 0 47 -1 0
3 47 0 5 0 19 1 47 -1 1
0 0 -1 1
0 1 -1 1
0 48 -1 1
0 2 1 0
2 56 0 17 0 45 -1 0
2 56 1 45 0 45 -1 1
2 17 1 45 0 45 -1 1
2 57 0 14 0 36 -1 0
2 57 1 36 0 36 -1 1
2 14 1 36 0 36 -1 1
2 58 0 51 0 29 -1 0
2 58 1 29 0 29 -1 1
2 51 1 29 0 29 -1 1
2 59 0 8 0 23 -1 0
2 59 1 23 0 23 -1 1
2 8 1 23 0 23 -1 1
2 47 0 5 0 19 -1 0
2 47 1 19 0 19 -1 1
2 5 1 19 0 19 -1 1
1
end_operator
0
