#!/usr/bin/env python3
# Prints a JUnit file's test cases, one a line: "CLASSNAME | NAME | STATUS"
# (pass, fail: <failure message>, error, skipped), then the <testsuites>
# counts. Fails if the file is not well-formed XML.
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
for case in root.iter("testcase"):
    status = "pass"
    failure = case.find("failure")
    if failure is not None:
        status = "fail: " + failure.get("message")
    elif case.find("error") is not None:
        status = "error"
    elif case.find("skipped") is not None:
        status = "skipped"
    print("%s | %s | %s" % (case.get("classname"), case.get("name"), status))
print("tests=%s failures=%s errors=%s" % (root.get("tests"),
      root.get("failures"), root.get("errors")))
