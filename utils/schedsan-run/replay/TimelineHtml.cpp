//===- TimelineHtml.cpp - A failing schedule as one HTML page -------------===//
//
// FILE:
//    utils/schedsan-run/replay/TimelineHtml.cpp
//
// DESCRIPTION:
//    One self-contained page (no network): the timeline's JSON in a
//    <script type="application/json">, and a script that draws it as SVG.
//    One lane (<g class="lane">) per thread, steps left to right; each
//    event a mark whose tooltip names its kind, step and source location;
//    a line between lanes at each context switch (red for a preemption);
//    shaded intervals where a thread was blocked (tooltip: on what); the
//    failing event outlined in red. Clicking a mark shows the event and
//    the report's lines for its thread (its stacks when the report has
//    them). Large schedules: zoom (+/-, ctrl+wheel) and "collapse runs"
//    (each run of one thread's consecutive steps becomes one mark; on by
//    default past 2,000 steps). The page records script errors in the
//    body's data-errors attribute and sets data-lanes once drawn, which
//    the browser test reads from the DOM.
//===----------------------------------------------------------------------===//
#include "campaign/Files.h"
#include "replay/Timeline.h"

#include <cstdio>

namespace schedsan::run {

namespace {

const char *Head = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>schedsan timeline</title>
<style>
body{font:13px sans-serif;margin:8px;color:#222}
#bar{margin:4px 0}#bar button{min-width:2em}
#wrap{overflow:auto;border:1px solid #ccc;max-height:70vh}
.lanebg{fill:#f7f7f7}.lanebg.odd{fill:#eef}
.label{font:12px monospace;fill:#222}
.ev{fill:#4a7;cursor:pointer}.ev.sync{fill:#37c}.ev.thread{fill:#a5c}
.ev.yield{fill:#bbb}.ev.failing{fill:#e22;stroke:#900;stroke-width:2}
.ev.sel{stroke:#000;stroke-width:2}.ev.unperformed{fill-opacity:.35;
stroke-dasharray:3 2}
.blocked{fill:#f93;fill-opacity:.35}
.sw{stroke:#888;stroke-width:1}.sw.pre{stroke:#d33}
.axis{font:10px monospace;fill:#666}
#detail{white-space:pre-wrap;font:12px monospace;border:1px solid #ccc;
padding:6px;margin-top:6px;min-height:3em}
.legend span{display:inline-block;width:10px;height:10px;margin:0 3px 0 10px}
</style></head>
<body data-errors="0">
<script>
window.onerror=function(m,s,l){var b=document.body;
b.setAttribute('data-errors',String(+b.getAttribute('data-errors')+1));
b.setAttribute('data-error-text',m+' at line '+l);};
</script>
<h3 id="title"></h3>
<div id="summary"></div>
<div id="bar">zoom <button id="zin">+</button><button id="zout">-</button>
<label><input type="checkbox" id="collapse"> collapse runs of a thread's
steps</label>
<span class="legend"><span style="background:#4a7"></span>memory
<span style="background:#37c"></span>sync<span style="background:#a5c"></span
>thread<span style="background:#bbb"></span>yield/poll<span
style="background:#f93;opacity:.5"></span>blocked<span
style="background:#e22"></span>failing event<span
style="background:#d33;height:2px"></span>preemption</span></div>
<div id="wrap"><svg id="tl" xmlns="http://www.w3.org/2000/svg"></svg></div>
<div id="detail">Click an event for its details and its thread's report.</div>
<script type="application/json" id="schedule">
)";

const char *Tail = R"(
</script>
<script>
(function(){
var D=JSON.parse(document.getElementById('schedule').textContent);
D.steps.forEach(function(s){s[2]=D.kinds[s[2]];
s[4]=s[4]<0?'':D.places[s[4]];s[5]=s[5]<0?'':D.places[s[5]];});
var NS='http://www.w3.org/2000/svg',svg=document.getElementById('tl');
var LH=28,LW=150,sel=null,zoom=Math.min(4,Math.max(1,100/Math.max(1,D.steps.length)));
var SYNC=/mutex|cond|rwlock|barrier|sem |once/,THR=/thread|sleep/;
var lanes={};D.threads.forEach(function(t,i){lanes[t.tid]=i;});
D.steps.forEach(function(s){if(!(s[1] in lanes)){lanes[s[1]]=D.threads.length;
D.threads.push({tid:s[1],parent:null,report:''});}});
document.getElementById('title').textContent='schedsan timeline: '+D.title;
document.getElementById('summary').textContent=(D.failure?'failure: '+
D.failure:'the run did not fail')+' \u2014 '+D.steps.length+
' events, '+D.threads.length+' threads, ended at step '+D.end.step+
(D.end.how?' ('+D.end.how+' '+D.end.code+')':'')+(D.dropped?'; the first '+
D.dropped+' events are left out':'');
var col=document.getElementById('collapse');col.checked=D.steps.length>2000;
function el(n,a,p){var e=document.createElementNS(NS,n);
for(var k in a)e.setAttribute(k,a[k]);if(p)p.appendChild(e);return e;}
function tip(e,t){el('title',{},e).textContent=t;}
function name(t){return 'T'+t.tid+(t.parent===null?' (main)':
' (by T'+t.parent+')');}
// Columns: one per step, or one per run of a thread's consecutive steps.
function columns(){var c=[];D.steps.forEach(function(s,i){
var last=c[c.length-1];
if(col.checked&&last&&last.tid===s[1]&&s[3]!=='s'&&s[3]!=='p'){
last.to=i;last.n++;}else c.push({tid:s[1],from:i,to:i,n:1});});return c;}
function show(i){var s=D.steps[i],t=D.threads[lanes[s[1]]];
document.getElementById('detail').textContent='step '+s[0]+': T'+s[1]+' '+
s[2]+(s[4]?'\n  at '+s[4]:'')+(s[5]?'\n  after '+s[5]:'')+
(s[3]==='x'?'\n  (reached, not performed: the run ended here)':'')+
(s[3]==='p'?'\n  (preempted the running thread)':s[3]==='s'?
'\n  (context switch)':'')+(i===D.end.failing?'\n  FAILING EVENT: '+
D.failure:'')+'\n\nThread in the report:\n'+(t.report||'(not in the report)')+
'\n\nReport:\n'+D.report;}
function draw(){while(svg.firstChild)svg.removeChild(svg.firstChild);
var C=columns(),W=Math.max(2,Math.round(8*zoom)),n=D.threads.length;
var width=LW+C.length*W+20,height=n*LH+24;
svg.setAttribute('width',width);svg.setAttribute('height',height);
var colOf={};C.forEach(function(c,x){for(var i=c.from;i<=c.to;i++)colOf[i]=x;});
var stepCol=function(step){var lo=0,hi=D.steps.length-1;
if(hi<0)return 0;while(lo<hi){var m=(lo+hi)>>1;
if(D.steps[m][0]<step)lo=m+1;else hi=m;}
return D.steps[lo][0]<step?C.length:colOf[lo];};
var X=function(x){return LW+x*W;};
D.threads.forEach(function(t,i){var g=el('g',{'class':'lane',
'data-tid':t.tid},svg);
el('rect',{'class':'lanebg'+(i%2?' odd':''),x:0,y:i*LH,width:width,
height:LH},g);
var l=el('text',{'class':'label',x:4,y:i*LH+18},g);l.textContent=name(t);});
D.blocked.forEach(function(b){var a=stepCol(b.from),z=stepCol(b.to);
var r=el('rect',{'class':'blocked',x:X(a),y:lanes[b.tid]*LH+2,
width:Math.max(W,(z-a)*W),height:LH-4},svg);
tip(r,'T'+b.tid+' blocked from step '+b.from+' to '+(b.to-1)+': '+b.what);});
var prev=null;C.forEach(function(c,x){var s=D.steps[c.from];
if(prev!==null&&prev!==c.tid&&(s[3]==='s'||s[3]==='p')){
var y1=lanes[prev]*LH+LH/2,y2=lanes[c.tid]*LH+LH/2;
el('line',{'class':'sw'+(s[3]==='p'?' pre':''),x1:X(x),x2:X(x),
y1:y1,y2:y2},svg);}prev=c.tid;});
C.forEach(function(c,x){var s=D.steps[c.from],e=D.steps[c.to];
var fail=D.end.failing>=c.from&&D.end.failing<=c.to;
var cls='ev'+(SYNC.test(s[2])?' sync':THR.test(s[2])?' thread':'')+
(s[3]==='y'?' yield':'')+(s[3]==='x'?' unperformed':'')+
(fail?' failing':'');
var r=el('rect',{'class':cls,x:X(x)+1,y:lanes[c.tid]*LH+6,
width:Math.max(1,W-2),height:LH-12,'data-step':s[0]},svg);
tip(r,c.n>1?'steps '+s[0]+'-'+e[0]+': T'+c.tid+', '+c.n+' events (first: '+
s[2]+(s[4]?' at '+s[4]:'')+')':'step '+s[0]+': T'+c.tid+' '+s[2]+
(s[4]?' at '+s[4]:'')+(s[3]==='x'?' (not performed)':'')+
(s[3]==='p'?' (preemption)':s[3]==='s'?
' (switch)':''));
r.addEventListener('click',function(){if(sel)sel.classList.remove('sel');
sel=r;r.classList.add('sel');show(fail?D.end.failing:c.from);});});
for(var x=0;x<C.length;x+=Math.max(1,Math.ceil(60/W))){
var t=el('text',{'class':'axis',x:X(x),y:n*LH+14},svg);
t.textContent=D.steps[C[x].from][0];}
document.body.setAttribute('data-lanes',String(n));}
document.getElementById('zin').onclick=function(){zoom*=1.5;draw();};
document.getElementById('zout').onclick=function(){zoom/=1.5;draw();};
col.onchange=draw;
document.getElementById('wrap').addEventListener('wheel',function(e){
if(!e.ctrlKey)return;e.preventDefault();zoom*=e.deltaY<0?1.25:0.8;draw();},
{passive:false});
draw();
if(D.end.failing>=0)show(D.end.failing);
})();
</script>
</body></html>
)";

} // namespace

bool writeTimelineHtml(const Timeline &T, const std::string &Path) {
  std::string Data = compactJson(timelineJson(T), 2); // a step a line
  // Inside <script>, "</" could end the element early.
  replaceAll(Data, "</", "<\\/");
  FILE *F = fopen(Path.c_str(), "w");
  if (!F)
    return false;
  bool Ok =
      fputs(Head, F) >= 0 && fputs(Data.c_str(), F) >= 0 && fputs(Tail, F) >= 0;
  return fclose(F) == 0 && Ok;
}

} // namespace schedsan::run
