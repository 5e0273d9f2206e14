// Not compiled: the private header the fixture's public one includes.
#pragma once
