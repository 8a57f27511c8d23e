import sys
lat=[]
for line in open(sys.argv[1]):
    p=line.split('\t')
    if len(p)>=3 and p[1]=='200': lat.append(int(p[2]))
lat.sort()
n=len(lat)
def pct(q): return lat[min(n-1,int(q/100*n))]/1000.0
print(f"n={n} p50={pct(50):.3f}ms p99={pct(99):.3f}ms p99.9={pct(99.9):.3f}ms max={lat[-1]/1000:.3f}ms")
