/**
 * The detection corpus: MCP servers written from published attacks (malicious) and modelled on
 * real published servers (benign), one JSON file per case. This file holds their types and the
 * loader that validates every file against test/detection-corpus/case.schema.json and the rules
 * a schema cannot say (id = file name, label = folder, vocabulary per label, …).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema } from 'ajv';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'detection-corpus');
export const CASE_SCHEMA_FILE = join(CORPUS_DIR, 'case.schema.json');
/**
 * Cases the detection rules are never tuned against (see the corpus README, "Held-out set").
 * Nothing reads them by default: `loadCorpus()` reads only CORPUS_DIR's own malicious/ and benign/
 * folders, so they are measured only when this directory is passed explicitly.
 */
export const HELD_OUT_DIR = join(CORPUS_DIR, 'held-out');
/**
 * A second held-out batch, written after the first one had been measured (and so seen) once;
 * like the first, nothing reads it by default.
 */
export const HELD_OUT_2_DIR = join(CORPUS_DIR, 'held-out-2');
/**
 * A third held-out batch, written after the second one, from write-ups and real servers the other
 * sets do not use; like the others, nothing reads it by default.
 */
export const HELD_OUT_3_DIR = join(CORPUS_DIR, 'held-out-3');
/**
 * A fourth held-out batch, written after the third one, again from write-ups and real servers that
 * no other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_4_DIR = join(CORPUS_DIR, 'held-out-4');
/**
 * A fifth held-out batch, written after the fourth one had been measured and used for tuning, from
 * write-ups and real servers that no other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_5_DIR = join(CORPUS_DIR, 'held-out-5');
/**
 * A sixth held-out batch, written after the fifth one had been measured and used for tuning, from
 * write-ups and real servers that no other set uses, with sampling and elicitation attacks too;
 * like the others, nothing reads it by default.
 */
export const HELD_OUT_6_DIR = join(CORPUS_DIR, 'held-out-6');
/**
 * A seventh held-out batch, written after the sixth one had been measured and used for tuning, from
 * 2025-2026 write-ups and real servers that no other set uses; like the others, nothing reads it by
 * default.
 */
export const HELD_OUT_7_DIR = join(CORPUS_DIR, 'held-out-7');
/**
 * An eighth held-out batch, written after the seventh one had been measured and used for tuning, from
 * 2025-2026 write-ups and real servers that no other set uses; like the others, nothing reads it by
 * default.
 */
export const HELD_OUT_8_DIR = join(CORPUS_DIR, 'held-out-8');
/**
 * A ninth held-out batch, written after the eighth one had been measured and used for tuning, from
 * 2025-2026 write-ups and real servers that no other set uses; like the others, nothing reads it by
 * default.
 */
export const HELD_OUT_9_DIR = join(CORPUS_DIR, 'held-out-9');
/**
 * A tenth held-out batch, written from real public text rather than in our own words: payloads as
 * published by proof-of-concept repositories, scanner fixtures and attack write-ups, and benign tool
 * definitions copied from the source of published MCP servers; like the others, nothing reads it by
 * default.
 */
export const HELD_OUT_10_DIR = join(CORPUS_DIR, 'held-out-10');
/**
 * An eleventh held-out batch, written after the tenth one had been measured and used for tuning, from
 * 2025-2026 write-ups and real servers that no other set uses; like the others, nothing reads it by
 * default.
 */
export const HELD_OUT_11_DIR = join(CORPUS_DIR, 'held-out-11');
/**
 * A twelfth held-out batch, written like the tenth from real public text (published payloads and real
 * servers' own tool definitions) but from repositories, pages and servers no other set uses; like the
 * others, nothing reads it by default.
 */
export const HELD_OUT_12_DIR = join(CORPUS_DIR, 'held-out-12');
/**
 * A thirteenth held-out batch, written like the eleventh in our own words from 2025-2026 write-ups
 * (A2A agent cards, agent payments, skills marketplaces, RAG and memory poisoning, multi-agent relay)
 * and real servers that no other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_13_DIR = join(CORPUS_DIR, 'held-out-13');
/**
 * A fourteenth held-out batch, written like the tenth and twelfth from real public text (published
 * payloads and real servers' own tool definitions) from repositories, pages and servers that sets 10 and
 * 12 do not use; like the others, nothing reads it by default.
 */
export const HELD_OUT_14_DIR = join(CORPUS_DIR, 'held-out-14');
/**
 * A fifteenth held-out batch, written like the thirteenth in our own words from 2025-2026 write-ups
 * (calendar and email assistants, coding agents reading issues and pull requests, agent payments, RAG
 * and memory poisoning, skills) and real servers that no other set uses; like the others, nothing
 * reads it by default.
 */
export const HELD_OUT_15_DIR = join(CORPUS_DIR, 'held-out-15');
/**
 * A sixteenth held-out batch, written like the tenth, twelfth and fourteenth from real public text
 * (published payloads and real servers' own tool definitions) from repositories, pages and servers that
 * sets 10, 12 and 14 do not use; like the others, nothing reads it by default.
 */
export const HELD_OUT_16_DIR = join(CORPUS_DIR, 'held-out-16');
/**
 * A seventeenth held-out batch, written in our own words again like the fifteenth, from 2024-2026 write-ups
 * no other set cites (healthcare records, legal review, observability and SIEM, document conversion,
 * translation, travel, payroll and HR, education, industrial and cloud IAM) and real servers that no other
 * set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_17_DIR = join(CORPUS_DIR, 'held-out-17');
/**
 * An eighteenth held-out batch, written like the tenth, twelfth, fourteenth and sixteenth from real
 * public text (published payloads and real servers' own tool definitions) from repositories, pages and
 * servers that none of those sets uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_18_DIR = join(CORPUS_DIR, 'held-out-18');
/**
 * A nineteenth held-out batch, written in our own words like the seventeenth, from 2024-2026 write-ups no
 * other set cites (insurance claims, DeFi wallets, logistics, retail POS and loyalty, voice agents, ad
 * platforms, password managers and identity admin, agent skill stores, community moderation, energy, lab
 * notebooks and LIMS, government benefits and permits, real estate, notes and CAD) and real servers that no
 * other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_19_DIR = join(CORPUS_DIR, 'held-out-19');
/**
 * A twentieth held-out batch, written like the tenth, twelfth, fourteenth, sixteenth and eighteenth from
 * real public text (published payloads and real servers' own tool definitions) from repositories, pages
 * and servers that none of those sets uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_20_DIR = join(CORPUS_DIR, 'held-out-20');
/**
 * A twenty-first held-out batch, written in our own words like the nineteenth, from 2024-2026 write-ups, papers,
 * pull requests and issues no other set cites (recruiting and applicant tracking, peer review, Kubernetes and DNS,
 * package installs, social media and e-mail marketing, restaurants, smart home and irrigation, aircraft maintenance,
 * grants, telematics and OTA updates, scraping and browser automation, podcasts and video, telecom porting,
 * genomics, library catalogues, CI logs, sports betting) and real servers that no other set uses; like the others,
 * nothing reads it by default.
 */
export const HELD_OUT_21_DIR = join(CORPUS_DIR, 'held-out-21');
/**
 * A twenty-second held-out batch, written like the tenth, twelfth, fourteenth, sixteenth, eighteenth and
 * twentieth from real public text (published payloads and real servers' own tool definitions) from
 * repositories, pages and servers that none of those sets uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_22_DIR = join(CORPUS_DIR, 'held-out-22');
/**
 * A twenty-third held-out batch, written in our own words like the twenty-first, from 2024-2026 write-ups,
 * papers, advisories and issues no other set cites (property management, banking back-office, tax filing,
 * procurement, e-discovery, civic data, newsroom CMS, archives, fitness, dating, dispatch, veterinary and
 * pharmacy, school admin, IT help desk, firewalls, backups, BI and feature flags, chat-ops, password resets,
 * extension stores) and real servers that no other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_23_DIR = join(CORPUS_DIR, 'held-out-23');
/**
 * A twenty-fourth held-out batch, written like the tenth, twelfth, fourteenth, sixteenth, eighteenth, twentieth
 * and twenty-second from real public text (published payloads and real servers' own tool definitions) from
 * repositories, pages and servers that none of those sets uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_24_DIR = join(CORPUS_DIR, 'held-out-24');
/**
 * A twenty-fifth held-out batch, written in our own words like the twenty-third, from 2024-2026 write-ups,
 * pull requests and issues no other set cites (EHR charts, SIEM alerts, logs, document conversion, help desks,
 * translation glossaries, package registries and MCP directories, notebooks, file sync, FinOps and IAM, school
 * portals, payroll, meeting transcripts, travel booking, telescope queues) and real servers that no other set uses
 * (RSS readers, bookmarks, to-do lists, preprints, telescopes, climate data, subtitles, stock photos, linters,
 * secrets scanners, courts, budgets); like the others, nothing reads it by default.
 */
export const HELD_OUT_25_DIR = join(CORPUS_DIR, 'held-out-25');
/**
 * A twenty-sixth held-out batch, written in our own words like the twenty-fifth, modelled on the attack categories
 * of published MCP security benchmarks and taxonomies (tool poisoning, parameter tampering, preference manipulation,
 * tool-result injection, puppet attacks, rug pulls, name collision, sampling abuse, credential theft) on ground the
 * other sets did not take (marketplaces, fleets, utilities, farms, fitness, game mods, fundraising, insurance,
 * vehicles, listings, hospitality, ticketing, prompt libraries, vector stores, browsers, terminals), and real servers
 * that no other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_26_DIR = join(CORPUS_DIR, 'held-out-26');
/**
 * A twenty-seventh held-out batch, written like the tenth, twelfth, fourteenth, sixteenth, eighteenth, twentieth,
 * twenty-second and twenty-fourth from real public text (published payloads and real servers' own tool definitions)
 * from repositories, pages and servers that none of those sets uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_27_DIR = join(CORPUS_DIR, 'held-out-27');
/**
 * A twenty-eighth held-out batch, written in our own words like the twenty-sixth, with attacks worded as published
 * proof-of-concept attacks are and spread over every surface a client shows the model (titles and annotations, output
 * schemas, nested `$defs`, resource templates, prompt arguments, initialize instructions, structured results, errors,
 * resource contents, sampling and elicitation), on ground the other sets did not take (biobanks, aviation, shipping,
 * mining, defence procurement, elections, religious giving, veterinary clinics, funerals, dating, children's education,
 * DeFi, satellite imagery, 3-D printing, translation memories, accessibility), and real servers that no other set uses;
 * like the others, nothing reads it by default.
 */
export const HELD_OUT_28_DIR = join(CORPUS_DIR, 'held-out-28');
/**
 * A twenty-ninth held-out batch, written in our own words like the twenty-third and twenty-fifth, worded as an
 * attacker who has read public scanners' rule lists would word it (ordinary product text that orders the server's
 * own tools), on ground no other set took (archives, transport, water, courts, customs, trials, blood banks,
 * pensions, theatres, esports, observatories, HVAC), and real servers that no other set uses; like the others,
 * nothing reads it by default.
 */
export const HELD_OUT_29_DIR = join(CORPUS_DIR, 'held-out-29');
/**
 * A thirtieth held-out batch, written in our own words as published proof-of-concept attacks are written, spread
 * over every surface an MCP client shows the model, on ground no other set took (wineries, forestry, fisheries,
 * zoos, parking, elevators, laundries, print shops, drones, weather stations, seismology), and real servers that
 * no other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_30_DIR = join(CORPUS_DIR, 'held-out-30');
/**
 * A thirty-first held-out batch, written in our own words like the twenty-ninth and worded the same way (ordinary
 * product text that orders the server's own tools), on ground no other set took (mortgage servicing, credit unions,
 * payroll bureaus, staffing agencies, franchises, cemeteries, marinas, ski resorts, golf clubs, bike sharing, toll
 * roads, railway maintenance, radio stations, call centres), and real servers that no other set uses; like the
 * others, nothing reads it by default.
 */
export const HELD_OUT_31_DIR = join(CORPUS_DIR, 'held-out-31');
/**
 * A thirty-second held-out batch, written in our own words like the thirtieth, as published proof-of-concept attacks
 * are written, spread evenly over every surface an MCP client shows the model, on ground no other set took
 * (telescope time, museums, theatre ticketing, sports leagues, gyms, dental and veterinary clinics, irrigation,
 * beekeeping, mining, seaports, charities, libraries, game modding, 3D printing, home solar, EV charging, recycling,
 * hotel housekeeping), and real servers that no other set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_32_DIR = join(CORPUS_DIR, 'held-out-32');
/**
 * A thirty-third held-out batch, written in our own words like the twenty-ninth and thirty-first and worded the same
 * way (ordinary product text that orders the server's own tools), on ground no other set took (pharmacies, dental
 * labs, opticians, notaries, homeowners' associations, self-storage, removals, pawn shops and auctions, fuel
 * distribution, water utilities, ground handling, freight forwarding, crop insurance, grain elevators, dairy
 * cooperatives, quarries, fire departments, school transport, festival production), and real servers that no other
 * set uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_33_DIR = join(CORPUS_DIR, 'held-out-33');
/**
 * A thirty-fourth held-out batch, not written in our words, like the tenth to the twenty-seventh real-text sets:
 * attacks are payloads as their authors published them (email-agent red-team seeds, LLMail-Inject attempts, workshop
 * and purple-team labs, a coding-agent hijack catalogue, in-the-wild agent-farm and README text) and benign servers
 * are real servers' own tool definitions, mostly Python, Go, Rust and C#, from sources no other set uses; nothing
 * reads it by default.
 */
export const HELD_OUT_34_DIR = join(CORPUS_DIR, 'held-out-34');
/**
 * A thirty-fifth held-out batch, written in our own words like the thirtieth and thirty-second: malicious cases worded
 * as published proof-of-concept attacks are written, spread evenly over every surface an MCP client shows the model,
 * on ground no other set took (aquariums, ferries, ice rinks, bowling alleys, escape rooms, costume hire, florists,
 * bakeries, locksmiths, plumbers, roofers, pest control, pool maintenance, tree surgeons, piano tuners, bicycle
 * repair, sign makers, bridal shops, kennels, riding stables, furniture rental), and real servers that no other set
 * uses; like the others, nothing reads it by default.
 */
export const HELD_OUT_35_DIR = join(CORPUS_DIR, 'held-out-35');

/**
 * A thirty-sixth held-out batch in our own words, worded like sets 23, 25, 29, 31 and 33 as ordinary product text
 * (release notes, runbooks, data records, policy pages) on trades no other set took (blood banks, bail bonds, ship
 * tracking, carbon-credit registries, lotteries …), doing its harm mostly through the server's own tools; benign
 * servers are real published MCP servers no other set names; nothing reads it by default.
 */
export const HELD_OUT_36_DIR = join(CORPUS_DIR, 'held-out-36');
/**
 * A thirty-seventh held-out batch in our own words, worded like sets 30, 32 and 35 as published proof-of-concept
 * attacks spread evenly over every surface a client shows the model, on ground no other set took (planetariums,
 * cinemas, ski schools, scuba centres, vineyards, coffee roasters …); benign servers are real published MCP servers no
 * other set names; nothing reads it by default.
 */
export const HELD_OUT_37_DIR = join(CORPUS_DIR, 'held-out-37');

/**
 * A thirty-eighth held-out batch in our own words, worded like sets 23, 25, 29, 31, 33 and 36 as ordinary product
 * text (release notes, FAQ answers, runbooks, data records, style guides) on ground no other set took (property tax
 * assessment, parking permits, library fines, school admissions, ambulance dispatch, meter reading …), doing its
 * harm mostly through the server's own tools; benign servers are real published MCP servers no other set names;
 * nothing reads it by default.
 */
export const HELD_OUT_38_DIR = join(CORPUS_DIR, 'held-out-38');

/**
 * A thirty-ninth held-out batch in our own words, worded like sets 30, 32, 35 and 37 as published proof-of-concept
 * attacks spread evenly over every surface a client shows the model, on ground no other set took (bicycle couriers,
 * funeral homes, escape rooms, bowling alleys, beekeepers, seed banks, fish farms, chimney sweeps, pawn shops …);
 * benign servers are real published MCP servers no other set names; nothing reads it by default.
 */
export const HELD_OUT_39_DIR = join(CORPUS_DIR, 'held-out-39');

/**
 * A fortieth held-out batch in our own words, worded like sets 23, 25, 29, 31, 33, 36 and 38 as ordinary product text
 * (release notes, FAQ answers, runbooks, data records, style guides, policy pages) on ground no other set took
 * (notaries, land registries, fishing and hunting licences, marriage registrars, cemetery plots, taxi licensing,
 * customs brokers, freight forwarders …), doing its harm mostly through the server's own tools; benign servers are
 * real published MCP servers no other set names; nothing reads it by default.
 */
export const HELD_OUT_40_DIR = join(CORPUS_DIR, 'held-out-40');

/**
 * A forty-first held-out batch, not written in our words, like the tenth to the twenty-seventh and the thirty-fourth
 * real-text sets: attacks are payloads as their authors published them (a university-RAG attack server, an
 * AgentDojo-based injection benchmark, a prompt-injection filter's benchmark, a Spanish OWASP MCP lab, a
 * tool-poisoning study's registries, scanners' fixtures, a Chinese airline-agent fault injector, a coding-agent
 * injection corpus, an llms.txt hijack benchmark) and benign servers are real servers' own tool definitions in Go,
 * Python, Rust, C# and Java, from sources no other set uses; nothing reads it by default.
 */
export const HELD_OUT_41_DIR = join(CORPUS_DIR, 'held-out-41');

/**
 * A forty-second held-out batch in our own words, worded like sets 30, 32, 35, 37 and 39 as published
 * proof-of-concept attacks spread evenly over every surface a client shows the model, on ground no other set took
 * (hot-air balloon rides, cable cars, bike-share docks, canal boat hire, mountain huts, food banks, hearing aid
 * clinics, opticians, stadium stewards, locksmiths, sign makers, laundrettes, lost property …); benign servers are
 * real published MCP servers no other set names; nothing reads it by default.
 */
export const HELD_OUT_42_DIR = join(CORPUS_DIR, 'held-out-42');

/**
 * A forty-third held-out batch in our own words, worded like sets 23, 25, 29, 31, 33, 36, 38 and 40 as ordinary product
 * text (release notes, FAQ answers, runbooks, data records, style guides, policy pages) on ground no other set took
 * (water billing, council tax reductions, jury summons, passports and visas, vehicle recalls, pensions, credit unions,
 * crop insurance, veterinary prescriptions, school meals, foster care, refugee casework, shelter beds …), doing its harm
 * mostly through the server's own tools; benign servers are real published MCP servers no other set names; nothing
 * reads it by default.
 */
export const HELD_OUT_43_DIR = join(CORPUS_DIR, 'held-out-43');

/**
 * A forty-fourth held-out batch, not written in our words, like the real-text sets 10 to 34 and 41: attacks are
 * payloads as their authors published them (PoC servers, red-team datasets, benchmarks and scanners' fixtures) and
 * benign servers are real servers' own tool definitions, from sources no other set uses; nothing reads it by default.
 */
export const HELD_OUT_44_DIR = join(CORPUS_DIR, 'held-out-44');

/**
 * A forty-fifth held-out batch in our own words, worded like sets 30, 32, 35, 37, 39 and 42 as published proof-of-concept
 * attacks spread evenly over every surface a client shows the model, on ground no other set took (bowling alleys, tattoo
 * studios, pet insurance, orchestra librarians, climbing gyms, school buses, scrap metal, car washes, lifeguards, piano
 * tuners, ferries, ski schools …); benign servers are real published MCP servers no other set names; nothing reads it by
 * default.
 */
export const HELD_OUT_45_DIR = join(CORPUS_DIR, 'held-out-45');

/**
 * Held-out set 46: a forty-sixth batch in our own words, worded like sets 23, 25, 29, 31, 33, 36, 38, 40 and 43 as
 * ordinary product text on ground no other set took (harbours, grain elevators, wind farms, museums, auction houses,
 * parish registers, union ballots …); nothing reads it by default.
 */
export const HELD_OUT_46_DIR = join(CORPUS_DIR, 'held-out-46');

/**
 * A forty-seventh held-out batch, not written in our words, like the real-text sets 10 to 34, 41 and 44: attacks are
 * payloads as their authors published them (a Russian prompt-injection lab's poisoned report, mail and page, a RAG
 * lab's poisoned knowledge base, a SOC-analyst injection lab, a Chinese browser-agent lab, an agentic support and
 * shopping lab, an MCP injection lab, a Turkish smart-home lab) and benign servers are real servers' own tool
 * definitions in Python and Go, from sources no other set uses; nothing reads it by default.
 */
export const HELD_OUT_47_DIR = join(CORPUS_DIR, 'held-out-47');

/**
 * Held-out set 48: a forty-eighth batch in our own words, worded like sets 30, 32, 35, 37, 39, 42 and 45 as published
 * proof-of-concept attacks spread evenly over every client-visible surface, on ground no other set took (organ donation,
 * hospice rotas, coastguard logs, avalanche bulletins, seismographs, zoos, greyhound tracks, circuses …); nothing reads
 * it by default.
 */
export const HELD_OUT_48_DIR = join(CORPUS_DIR, 'held-out-48');

/**
 * Held-out set 49: a forty-ninth batch in our own words, worded like sets 23, 25, 29, 31, 33, 36, 38, 40, 43 and 46 as
 * ordinary product text on ground no other set took (bridge tolls, speed-camera appeals, lost property, left luggage,
 * railway signalling, tram depots, airport slots, lighthouses, canal locks, dredging, salt mines, crew changes, pigging,
 * refinery turnarounds, gas meters, demand response, battery recycling, e-waste brokers …); nothing reads it by default.
 */
export const HELD_OUT_49_DIR = join(CORPUS_DIR, 'held-out-49');

/**
 * A fiftieth held-out batch, not written in our words, like the real-text sets 10 to 34, 41, 44 and 47: attacks are
 * payloads as their authors published them (a prompt-injection lab's payload files, a poisoned README, a Spanish RAG
 * lab, a Vietnamese shop-comment lab, workshop and benchmark pages, support tickets, a banking lab, an exfiltration demo) and benign servers
 * are real servers' own tool definitions in Python, Rust and Java, from sources no other set uses; nothing reads it by
 * default.
 */
export const HELD_OUT_50_DIR = join(CORPUS_DIR, 'held-out-50');

/**
 * A fifty-first held-out batch, written in our own words like sets 30, 32, 35, 37, 39, 42, 45 and 48 as published
 * proof-of-concept attacks spread evenly over every surface a client shows the model, on ground no other set took (bell
 * ringers, organ builders, stained glass, clock repairers, farriers, glassblowers, bookbinders, letterpress, stamp and coin
 * dealers, vintage car auctions, carnival floats …); nothing reads it by default.
 */
export const HELD_OUT_51_DIR = join(CORPUS_DIR, 'held-out-51');
/**
 * Held-out set 52: a fifty-second batch in our own words, worded like sets 23, 25, 29, 31, 33, 36, 38, 40, 43, 46 and 49
 * as ordinary product text on ground no other set took (gritting routes, pothole reports, bin rounds, bus lane cameras,
 * electoral rolls, polling stations, court listings, probate, bailiff visits, planning appeals, tree preservation
 * orders …); nothing reads it by default.
 */
export const HELD_OUT_52_DIR = join(CORPUS_DIR, 'held-out-52');
/**
 * A fifty-third held-out batch, not written in our words, like the real-text sets 10 to 34, 41, 44, 47 and 50: attacks
 * are payloads as their authors published them and benign servers are real servers' own tool definitions, from sources
 * no other set uses; nothing reads it by default.
 */
export const HELD_OUT_53_DIR = join(CORPUS_DIR, 'held-out-53');
/**
 * A fifty-fifth held-out batch, in our own words like sets 13, 15, 17, 19, 21, 23, 25, 26, 28 to 33, 35 to 40, 42, 43, 45,
 * 46, 48, 49, 51 and 52, worded like set 52 as ordinary product text on university and research ground (admissions, student
 * loans, scholarships, student visas, exam boards, peer review, ethics committees, trial registries, libraries, halls,
 * campus parking, payroll …); nothing reads it by default.
 */
export const HELD_OUT_55_DIR = join(CORPUS_DIR, 'held-out-55');
/**
 * A fifty-sixth held-out batch, not written in our words, like the real-text sets 10 to 34, 41, 44, 47, 50 and 53:
 * attacks are payloads as their authors published them (many of them found in the wild, in repositories' agent files,
 * bot comments, setup guides and skill listings) and benign servers are real servers' own tool definitions, from sources
 * no other set uses; nothing reads it by default.
 */
export const HELD_OUT_56_DIR = join(CORPUS_DIR, 'held-out-56');
/**
 * A fifty-seventh held-out batch, in our own words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51 and 54: published
 * proof-of-concept wording spread over every client-visible surface, on club and outdoor ground (bell ringers, choirs,
 * darts and bowls leagues, amateur radio, archery, fencing, canoe hire, climbing walls, dive schools, campsites, youth
 * hostels, scouts, allotments, village halls, parish newsletters …); nothing reads it by default.
 */
export const HELD_OUT_57_DIR = join(CORPUS_DIR, 'held-out-57');
/**
 * A fifty-eighth held-out set, written in our words and worded like sets 52 and 55 as ordinary product text by an
 * attacker who has read scanners' rule lists, on building-trade ground (builders' merchants, skip and plant hire, party
 * walls, asbestos, gas and electrical certificates, damp proofing, kitchens, planning and building control, CDM files,
 * drawing registers, structural calculations, retentions, snagging, new-build warranties); nothing reads it by default.
 */
export const HELD_OUT_58_DIR = join(CORPUS_DIR, 'held-out-58');
/**
 * A fifty-ninth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54 and 57: published
 * proof-of-concept wording spread over every client-visible surface, on small-shop and agency ground (stamp and coin
 * dealers, antiquarian booksellers, picture framers, glaziers, barbers, tailors, dry cleaners, key cutting, bingo halls,
 * jewellers, sign-language interpreting, process servers, poultry flocks, florists, vinyl and comic shops, raffles and
 * crowdfunding, nanny and au pair agencies, school uniforms); nothing reads it by default.
 */
export const HELD_OUT_59_DIR = join(CORPUS_DIR, 'held-out-59');

/**
 * A sixtieth held-out set, written in our words and worded like set 58 as ordinary product text by an attacker who has
 * read scanners' rule lists, on trades and pastimes no set took (heat pump installers, septic tank emptying, borehole
 * drilling, tree surgeons, pool and hot tub servicing, sauna builders, MOT centres, salvage yards, house clearance,
 * vending, bike repair, e-scooter fleets, fantasy football, board game cafés, childminders, heraldry and genealogy
 * societies); nothing reads it by default.
 */
export const HELD_OUT_60_DIR = join(CORPUS_DIR, 'held-out-60');

/**
 * A sixty-first held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57 and 59: published
 * proof-of-concept wording spread over every client-visible surface, on personal care, fitness and lessons ground (yoga
 * and Pilates studios, gyms, personal trainers, physiotherapists, chiropodists and podiatrists, orthodontists, massage,
 * spas, nail bars, tanning salons, martial arts dojos, dance and swimming schools, music teachers, tutoring agencies, dog
 * walkers and catteries); nothing reads it by default.
 */
export const HELD_OUT_61_DIR = join(CORPUS_DIR, 'held-out-61');

/**
 * A sixty-second held-out set, written in our words and worded like sets 58 and 60 as ordinary product text by an
 * attacker who has read scanners' rule lists, on home services and residential property ground no set took (window
 * cleaners, pest control, carpet cleaning, gutters and roofs, solar panels and EV chargers, letting agents, tenancy
 * deposits, inventory clerks, service charges, lifts, fire alarms, concierge desks, viewings, removals and storage);
 * nothing reads it by default.
 */
export const HELD_OUT_62_DIR = join(CORPUS_DIR, 'held-out-62');

/**
 * A sixty-third held-out set, real public text like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47, 50, 53 and
 * 56: injection examples as prompt-injection explainers and blogs published them (in English, French and German),
 * re-placed on the surface where each would reach a model, and real MCP servers' own tool definitions as the benign
 * side; nothing reads it by default.
 */
export const HELD_OUT_63_DIR = join(CORPUS_DIR, 'held-out-63');

/**
 * A sixty-fourth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59 and 61:
 * published proof-of-concept wording spread over every client-visible surface, on online creators' and small online
 * businesses' ground (handmade-goods shops, print-on-demand, stock photo libraries, online courses, webinar hosts, web
 * hosting resellers, app beta programmes, game modding communities, streamers' donation and alert tools, fan clubs,
 * membership and tip platforms); nothing reads it by default.
 */
export const HELD_OUT_64_DIR = join(CORPUS_DIR, 'held-out-64');

/**
 * A sixty-fifth held-out set, written in our words and worded like sets 58, 60 and 62 as ordinary product text by an
 * attacker who has read scanners' rule lists, on farming and rural services ground no set took (milk collection and
 * dairy contracts, grain stores and elevators, egg packing, hay merchants, livestock marts and private cattle sales, pony
 * sales, farm subsidy claims, rural broadband, machinery dealers, farm shop box schemes, agro-dealers); nothing reads it
 * by default.
 */
export const HELD_OUT_65_DIR = join(CORPUS_DIR, 'held-out-65');

/**
 * A sixty-sixth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61 and 64:
 * published proof-of-concept wording spread over every client-visible surface, on motoring ground no set took (car
 * dealers and used-car marketplaces, car hire and van rental, garages and servicing, car finance and leasing, private
 * number plates, car washes and valeting, tyre fitters, breakdown cover, car auctions); nothing reads it by default.
 */
export const HELD_OUT_66_DIR = join(CORPUS_DIR, 'held-out-66');

/**
 * A sixty-seventh held-out set, written in our words and worded like sets 58, 60, 62 and 65 as ordinary product text by
 * an attacker who has read scanners' rule lists, on charity and voluntary sector ground no set took (Gift Aid claims,
 * direct debit giving, doorstep clothing collections, legacies and free wills, trustee boards and minutes, grant-giving
 * trusts, volunteer rotas and DBS checks, sponsored challenges and galas, emergency appeal pages, food bank vouchers,
 * community centre deposits); nothing reads it by default.
 */
export const HELD_OUT_67_DIR = join(CORPUS_DIR, 'held-out-67');

/**
 * A sixty-eighth held-out set, real public text like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47, 50, 53,
 * 56 and 63: injection examples as prompt-injection explainers, blogs and wiki notes published them (in Spanish,
 * Italian, Russian, Korean and English, from pages in those languages and in Chinese), re-placed on the surface where
 * each would reach a model, and real MCP servers' own tool definitions as the benign side; nothing reads it by default.
 */
export const HELD_OUT_68_DIR = join(CORPUS_DIR, 'held-out-68');

/**
 * A sixty-ninth held-out set, written in our words and worded like sets 58, 60, 62 and 65 as ordinary product text by an
 * attacker who has read scanners' rule lists, on grassroots sport and leisure club ground no set took (amateur football,
 * cricket and hockey leagues, golf and tennis club memberships, umpire appointments, season tickets and match-day
 * hospitality, running clubs and race entries, junior academies and kit orders, bowls clubs, angling permits); nothing
 * reads it by default.
 */
export const HELD_OUT_69_DIR = join(CORPUS_DIR, 'held-out-69');

/**
 * A seventieth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64 and
 * 66: published proof-of-concept wording spread over every client-visible surface, on students' and student life ground
 * no set took (student accommodation and halls, student letting agents and deposits, student loans and maintenance
 * payments, tuition fee instalments, exam resits, extensions and appeals, graduation tickets and gowns, students' union
 * societies and ball tickets, textbook exchanges, study-abroad placements, part-time campus jobs, scholarships and
 * hardship funds); nothing reads it by default.
 */
export const HELD_OUT_70_DIR = join(CORPUS_DIR, 'held-out-70');

/**
 * A seventy-first held-out set, written in our words and worded like sets 58, 60, 62, 65, 67 and 69 as ordinary product
 * text by an attacker who has read scanners' rule lists, on temporary and gig work ground no set took (umbrella company
 * payslips and holiday pots, temp agency timesheets, shift-booking apps, delivery riders' and couriers' accounts and
 * substitutes, right-to-work checks, agency workers' pensions, expense claims, micro-task apps, freelance marketplaces);
 * nothing reads it by default.
 */
export const HELD_OUT_71_DIR = join(CORPUS_DIR, 'held-out-71');

/**
 * A seventy-second held-out set, real public text like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47, 50, 53,
 * 56, 63 and 68: injection examples as prompt-injection explainers, glossaries, courses and slides published them (in
 * Japanese, Turkish, Portuguese, German, French, Polish, Czech, Vietnamese, Chinese, Serbian, Bosnian and English),
 * re-placed on the surface where each would reach a model, and real MCP servers' own tool definitions as the benign
 * side; nothing reads it by default.
 */
export const HELD_OUT_72_DIR = join(CORPUS_DIR, 'held-out-72');

/**
 * A seventy-third held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64, 66
 * and 70: published proof-of-concept wording spread over every client-visible surface, on dental and beauty clinic ground
 * (recall systems, dental insurance and payment plans, at-home aligners, dental tourism, aesthetic injectables, clinic gift
 * vouchers); nothing reads it by default.
 */
export const HELD_OUT_73_DIR = join(CORPUS_DIR, 'held-out-73');

/**
 * A seventy-fourth held-out set, written in our words and worded like sets 58, 60, 62, 65, 67, 69 and 71 as ordinary
 * product text by an attacker who has read scanners' rule lists, on buying, selling and moving home ground no set took
 * (conveyancing solicitors and completion funds, estate agents' offers and memoranda of sale, mortgage brokers and
 * agreements in principle, surveys and searches, stamp duty, removals and storage, new-build reservations, utility and
 * council tax moves); nothing reads it by default.
 */
export const HELD_OUT_74_DIR = join(CORPUS_DIR, 'held-out-74');

/**
 * A seventy-fifth held-out set, real public text again like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47,
 * 50, 53, 56, 63, 68 and 72: injection examples as explainers, glossaries, tutorials and blogs published them (in
 * Dutch, Indonesian, Ukrainian, Thai and English), re-placed on the surface where each would reach a model, and real
 * MCP servers' own tool definitions as the benign side; nothing reads it by default.
 */
export const HELD_OUT_75_DIR = join(CORPUS_DIR, 'held-out-75');

/**
 * A seventy-sixth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64,
 * 66, 70 and 73: published proof-of-concept wording spread over every client-visible surface, on pets and animal care
 * ground (puppy and kitten sales, breeders and deposits, dog walkers and pet sitters, microchip databases, pet insurance
 * claims, pet food subscriptions, rehoming and rescue charities, grooming, pet couriers); nothing reads it by default.
 */
export const HELD_OUT_76_DIR = join(CORPUS_DIR, 'held-out-76');

/**
 * A seventy-seventh held-out set, written in our words and worded like sets 58, 60, 62, 65, 67, 69, 71 and 74 as
 * ordinary product text by an attacker who has read scanners' rule lists, on learner driver and driving test ground no
 * set took (driving schools and lesson blocks, theory and practical test bookings, test-slot resellers and booking bots,
 * learner and young driver insurance, intensive courses, instructor franchises, dashcam and telematics apps); nothing
 * reads it by default.
 */
export const HELD_OUT_77_DIR = join(CORPUS_DIR, 'held-out-77');

/**
 * A seventy-eighth held-out set, real public text again like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47,
 * 50, 53, 56, 63, 68, 72 and 75: injection examples as Norwegian, Arabic and English explainers, glossaries, a prompt
 * collection and repository instruction and prompt files published them, re-placed on the surface where each would
 * reach a model, and real MCP servers' own tool definitions as the benign side; nothing reads it by default.
 */
export const HELD_OUT_78_DIR = join(CORPUS_DIR, 'held-out-78');

/**
 * A seventy-ninth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64,
 * 66, 70, 73 and 76: published proof-of-concept wording spread over every client-visible surface, on childcare ground
 * (nursery deposits and admissions, babysitting apps, after-school and holiday clubs, childcare vouchers and accounts,
 * crèches, childcare subsidy claims); nothing reads it by default.
 */
export const HELD_OUT_79_DIR = join(CORPUS_DIR, 'held-out-79');

/**
 * An eightieth held-out set, written in our words and worded like sets 58, 60, 62, 65, 67, 69, 71, 74 and 77 as
 * ordinary product text by an attacker who has read scanners' rule lists, on caravan, motorhome and campervan ground no
 * set took (hire and rental, storage yards, dealers and private sales, holiday park pitch fees, touring sites, breakdown
 * and insurance, conversions and habitation checks); nothing reads it by default.
 */
export const HELD_OUT_80_DIR = join(CORPUS_DIR, 'held-out-80');

/**
 * An eighty-first held-out set, real public text again like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47,
 * 50, 53, 56, 63, 68, 72, 75 and 78: injection examples as explainer pages, glossaries, gateway and checker docs, a
 * guard test, a lab report, a prompt generator and an instructions file planted in a repository published them,
 * re-placed on the surface where each would reach a model, and real MCP servers' own tool definitions as the benign
 * side; nothing reads it by default.
 */
export const HELD_OUT_81_DIR = join(CORPUS_DIR, 'held-out-81');

/**
 * An eighty-second held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64,
 * 66, 70, 73, 76 and 79: published proof-of-concept wording spread over every client-visible surface, on student housing
 * ground no set took (rent guarantor services, purpose-built student accommodation holding fees, student letting
 * agents' viewings and referencing, sublet and room-swap marketplaces, roommate finders, student bill-splitting apps);
 * nothing reads it by default.
 */
export const HELD_OUT_82_DIR = join(CORPUS_DIR, 'held-out-82');

/**
 * An eighty-third held-out set, written in our words like sets 23, 25, 29, 31, 33, 36, 38, 40, 43, 46, 49, 52, 55, 58,
 * 60, 62, 65, 67, 69, 71, 74, 77 and 80 as ordinary product text by an attacker who has read scanners' rule lists, on
 * musical instrument ground no set took (instrument hire and rent-to-buy, graded exam entries, piano tuning, repair and
 * removals, second-hand instrument marketplaces, stolen-instrument registers, music retailers, rehearsal studios and
 * sheet music licensing); nothing reads it by default.
 */
export const HELD_OUT_83_DIR = join(CORPUS_DIR, 'held-out-83');

/**
 * An eighty-fourth held-out set, real public text again like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47,
 * 50, 53, 56, 63, 68, 72, 75, 78 and 81: injection text as explainer pages, a glossary, a news article, an issue and a
 * pull request found in the wild, a sample document and a Spanish catalogue of prompt antipatterns published it,
 * re-placed on the surface where each would reach a model, and real MCP servers' own tool definitions as the benign
 * side; nothing reads it by default.
 */
export const HELD_OUT_84_DIR = join(CORPUS_DIR, 'held-out-84');
/**
 * An eighty-fifth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64,
 * 66, 70, 73, 76, 79 and 82: published proof-of-concept attack wording (tool poisoning and shadowing, full-schema and
 * output poisoning, line jumping and ANSI hiding, sampling attacks) spread evenly over every surface, on timeshare and
 * holiday club ground no set took (exit and resale companies, recovery rooms, maintenance fees, resort week exchanges,
 * holiday clubs and travel clubs), and real servers that no other set uses; nothing reads it by default.
 */
export const HELD_OUT_85_DIR = join(CORPUS_DIR, 'held-out-85');

/**
 * An eighty-sixth held-out set, written in our words like sets 23, 25, 29, 31, 33, 36, 38, 40, 43, 46, 49, 52, 55, 58,
 * 60, 62, 65, 67, 69, 71, 74, 77, 80 and 83 as ordinary product text by an attacker who has read scanners' rule lists,
 * on mobility aid and home adaptation ground no set took (stairlifts, mobility scooters, adjustable beds and recliners,
 * hearing-aid dispensers, personal care alarms, home-care agencies and their rotas, disabled facilities grants); nothing
 * reads it by default.
 */
export const HELD_OUT_86_DIR = join(CORPUS_DIR, 'held-out-86');

/**
 * An eighty-seventh held-out set, real public text again like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47,
 * 50, 53, 56, 63, 68, 72, 75, 78, 81 and 84: injection payloads as Swedish, Danish, Finnish and Catalan repositories'
 * test fixtures published them (with the English, German, Russian and Chinese lines beside them), a tutorial's poisoned
 * ticket, a blog's database example, a news item on hidden review prompts and a developer guide, re-placed on the surface
 * where each would reach a model, and real MCP servers' own tool definitions as the benign side; nothing reads it by
 * default.
 */
export const HELD_OUT_87_DIR = join(CORPUS_DIR, 'held-out-87');

/**
 * An eighty-eighth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48, 51, 54, 57, 59, 61, 64,
 * 66, 70, 73, 76, 79, 82 and 85: published proof-of-concept wording spread over every client-visible surface, on
 * fertility clinic and donor service ground (IVF bookings and add-ons, egg freezing, donor matching, clinic finance and
 * refund guarantees, embryo storage fees, fertility apps and at-home test kits); nothing reads it by default.
 */
export const HELD_OUT_88_DIR = join(CORPUS_DIR, 'held-out-88');

/**
 * An eighty-ninth held-out set, written in our words like sets 23, 25, 29, 31, 33, 36, 38, 40, 43, 46, 49, 52, 55, 58,
 * 60, 62, 65, 67, 69, 71, 74, 77, 80, 83 and 86: worded as an attacker who has read public scanners' rule lists would
 * word it, on credit repair and debt help ground (credit repair firms, debt management plans and IVA providers, payday
 * loan brokers, credit-builder cards, debt settlement and consolidation, debt collection agencies and their payment
 * portals); nothing reads it by default.
 */
export const HELD_OUT_89_DIR = join(CORPUS_DIR, 'held-out-89');

/**
 * A ninetieth held-out set, real public text again like sets 10, 12, 14, 16, 18, 20, 22, 24, 27, 34, 41, 44, 47, 50,
 * 53, 56, 63, 68, 72, 75, 78, 81, 84 and 87: injection examples as Hebrew security pages, a course lesson, an e-mail
 * product's safety page, a book chapter, a glossary and a news story published them, re-placed on the surface where each
 * would reach a model, and real MCP servers' own tool definitions as the benign side; nothing reads it by default.
 */
export const HELD_OUT_90_DIR = join(CORPUS_DIR, 'held-out-90');

/**
 * A fifty-fourth held-out set, written in our words like sets 30, 32, 35, 37, 39, 42, 45, 48 and 51: published
 * proof-of-concept wording spread over every client-visible surface, on wedding and party ground (planners, florists,
 * caterers, marquees, DJs, cake makers, dress hire, chauffeurs, gift lists, fireworks …); nothing reads it by default.
 */
export const HELD_OUT_54_DIR = join(CORPUS_DIR, 'held-out-54');

export const LABELS = ['malicious', 'benign'] as const;
export type Label = (typeof LABELS)[number];

/** What a malicious case does (the detector must find these). */
export const ATTACK_TECHNIQUES = [
  'hidden-instructions',
  'invisible-characters',
  'sensitive-paths',
  'exfiltration-parameter',
  'shadowing',
  'confusable-name',
  'schema-poisoning',
  'server-instructions',
  'prompt-poisoning',
  'resource-poisoning',
  'result-poisoning',
  'rug-pull',
  'identity-deception',
  'encoded-payload',
  'sampling-poisoning',
  'elicitation-phishing',
] as const;
export type AttackTechnique = (typeof ATTACK_TECHNIQUES)[number];

/**
 * Attacks through requests the server sends the client (sampling, elicitation). The probe reads
 * them since the held-out sets 1 to 5 were written, so of those only the development corpus and
 * held-out sets 6, 7, 8, 9, 11, 13 and 15 must cover them.
 */
export const CLIENT_REQUEST_TECHNIQUES: readonly AttackTechnique[] = [
  'sampling-poisoning',
  'elicitation-phishing',
];

/** The traps a benign case contains (what a naive detector would wrongly flag). */
export const BENIGN_TRAPS = [
  'imperative-docs',
  'security-wording',
  'non-english',
  'rtl-script',
  'emoji',
  'markup',
  'cross-reference',
  'placeholder-secrets',
  'rich-schema',
  'many-tools',
  'client-requests',
  'plain',
] as const;
export type BenignTrap = (typeof BENIGN_TRAPS)[number];
export type Technique = AttackTechnique | BenignTrap;

export type JsonObject = { [key: string]: unknown };

export interface CaseToolResult {
  text: string;
  isError?: boolean;
  structuredContent?: JsonObject;
}

/**
 * A request the server sends the client while the tool runs, before it answers: a sampling
 * prompt for the user's model, or an elicitation form (or link) for the user.
 */
export type CaseServerRequest =
  | { method: 'sampling/createMessage'; systemPrompt?: string; text: string }
  | { method: 'elicitation/create'; message: string; requestedSchema?: JsonObject; url?: string };

export interface CaseTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject & { type: 'object' };
  outputSchema?: JsonObject & { type: 'object' };
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  result?: CaseToolResult;
  serverRequests?: CaseServerRequest[];
}

export interface CasePrompt {
  name: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
  messages: { role: 'user' | 'assistant'; text: string }[];
}

export interface CaseResource {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
  text: string;
}

export interface CaseResourceTemplate {
  uriTemplate: string;
  name: string;
  description?: string;
  mimeType?: string;
}

/** Any part of a server a face or a change may replace (a shallow merge). */
export interface ServerParts {
  name?: string;
  version?: string;
  instructions?: string;
  tools?: CaseTool[];
  prompts?: CasePrompt[];
  resources?: CaseResource[];
  resourceTemplates?: CaseResourceTemplate[];
}

export interface CaseServer extends ServerParts {
  name: string;
  version: string;
  tools: CaseTool[];
}

export interface CaseFace {
  /** A JavaScript regular expression, matched case-insensitively against clientInfo.name. */
  clientName: string;
  server: ServerParts;
}

/** "first-tools-list", "tool-call", "tool-call:<name>" or "connection:<n>". */
export type ChangeTrigger = string;

export interface CaseChange {
  after: ChangeTrigger;
  notify?: boolean;
  server: ServerParts;
}

export interface CorpusCase {
  id: string;
  label: Label;
  techniques: Technique[];
  source: { title: string; url: string };
  notes: string;
  server: CaseServer;
  faces?: CaseFace[];
  changes?: CaseChange[];
}

export interface LoadedCase {
  file: string;
  testCase: CorpusCase;
}

export interface CaseIssue {
  file: string;
  pointer: string;
  message: string;
}

export type CaseLoad = { ok: true; testCase: CorpusCase } | { ok: false; issues: CaseIssue[] };

let validateShape: ReturnType<Ajv2020['compile']> | undefined;

function shapeValidator(): ReturnType<Ajv2020['compile']> {
  if (!validateShape) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    validateShape = ajv.compile(JSON.parse(readFileSync(CASE_SCHEMA_FILE, 'utf8')));
  }
  return validateShape;
}

function schemaIssues(file: string, errors: ErrorObject[]): CaseIssue[] {
  return errors.map((error) => ({
    file,
    pointer: error.instancePath || '/',
    message:
      error.keyword === 'additionalProperties'
        ? `unknown property "${String(error.params.additionalProperty)}"`
        : `${error.message ?? 'is invalid'}${error.keyword === 'enum' ? `: ${JSON.stringify(error.params.allowedValues)}` : ''}`,
  }));
}

/** Every server variant a case can show: the base server, each face and each change. */
export function serverVariants(testCase: CorpusCase): { pointer: string; parts: ServerParts }[] {
  return [
    { pointer: '/server', parts: testCase.server },
    ...(testCase.faces ?? []).map((face, i) => ({ pointer: `/faces/${i}/server`, parts: face.server })),
    ...(testCase.changes ?? []).map((change, i) => ({
      pointer: `/changes/${i}/server`,
      parts: change.server,
    })),
  ];
}

function duplicateNames(items: { name: string }[] | undefined): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { name } of items ?? []) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}

function vocabularyIssues(testCase: CorpusCase): Omit<CaseIssue, 'file'>[] {
  const allowed: readonly string[] = testCase.label === 'malicious' ? ATTACK_TECHNIQUES : BENIGN_TRAPS;
  return testCase.techniques.flatMap((technique, i) =>
    allowed.includes(technique)
      ? []
      : [
          {
            pointer: `/techniques/${i}`,
            message: `"${technique}" is not a ${testCase.label} technique; use one of ${allowed.join(', ')}`,
          },
        ],
  );
}

function behaviourIssues(testCase: CorpusCase): Omit<CaseIssue, 'file'>[] {
  if (testCase.label !== 'malicious') return [];
  const issues: Omit<CaseIssue, 'file'>[] = [];
  const says = (technique: AttackTechnique) => testCase.techniques.includes(technique);
  if (says('rug-pull') !== Boolean(testCase.changes))
    issues.push({
      pointer: '/changes',
      message: 'a malicious case has "changes" exactly when it lists rug-pull',
    });
  if (says('identity-deception') !== Boolean(testCase.faces))
    issues.push({
      pointer: '/faces',
      message: 'a malicious case has "faces" exactly when it lists identity-deception',
    });
  return issues;
}

function faceIssues(testCase: CorpusCase): Omit<CaseIssue, 'file'>[] {
  return (testCase.faces ?? []).flatMap((face, i) => {
    try {
      new RegExp(face.clientName, 'i');
      return [];
    } catch (error) {
      return [{ pointer: `/faces/${i}/clientName`, message: `not a regular expression: ${String(error)}` }];
    }
  });
}

function changeIssues(testCase: CorpusCase): Omit<CaseIssue, 'file'>[] {
  const toolNames = new Set(
    serverVariants(testCase).flatMap(({ parts }) => (parts.tools ?? []).map((t) => t.name)),
  );
  return (testCase.changes ?? []).flatMap((change, i) => {
    const called = /^tool-call:(.+)$/.exec(change.after)?.[1];
    return called !== undefined && !toolNames.has(called)
      ? [{ pointer: `/changes/${i}/after`, message: `no tool named "${called}" in this case` }]
      : [];
  });
}

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** An Ajv for tool schemas as servers publish them: lenient, with the standard formats known. */
export function toolSchemaAjv(): Ajv {
  return addFormats(new Ajv({ strict: false, allErrors: true, validateSchema: false }));
}

/** Compiles output schemas as MCP clients do: whatever draft they declare, formats known. */
function outputSchemaCompiler(): (schema: object) => ReturnType<Ajv['compile']> {
  const ajv = toolSchemaAjv();
  return ({ $schema: _ignored, ...schema }: { $schema?: unknown }) => ajv.compile(schema as AnySchema);
}

function variantIssues(testCase: CorpusCase): Omit<CaseIssue, 'file'>[] {
  const compile = outputSchemaCompiler();
  return serverVariants(testCase).flatMap(({ pointer, parts }) => {
    const issues: Omit<CaseIssue, 'file'>[] = [];
    for (const [kind, items] of [
      ['tools', parts.tools],
      ['prompts', parts.prompts],
      ['resources', parts.resources?.map((r) => ({ name: r.uri }))],
    ] as const)
      for (const name of duplicateNames(items))
        issues.push({ pointer: `${pointer}/${kind}`, message: `two ${kind} are named "${name}"` });
    (parts.tools ?? []).forEach((tool, i) => {
      if (!tool.outputSchema || tool.result?.isError) return;
      const at = `${pointer}/tools/${i}/result/structuredContent`;
      if (!tool.result?.structuredContent) {
        issues.push({
          pointer: at,
          message: 'a tool with an outputSchema needs a result with structuredContent',
        });
        return;
      }
      const validate = compile(tool.outputSchema);
      if (!validate(tool.result.structuredContent))
        issues.push({
          pointer: at,
          message: `does not match the outputSchema: ${(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`,
        });
    });
    return issues;
  });
}

/** Parses and validates one case file; `expected` is what its place in the corpus says it is. */
export function parseCase(file: string, text: string, expected?: { id: string; label: Label }): CaseLoad {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ file, pointer: '/', message: `not JSON: ${String(error)}` }] };
  }
  const validate = shapeValidator();
  if (!validate(data)) return { ok: false, issues: schemaIssues(file, validate.errors ?? []) };
  const testCase = data as CorpusCase;
  const issues = [
    ...(expected && testCase.id !== expected.id
      ? [{ pointer: '/id', message: `"${testCase.id}" differs from the file name "${expected.id}"` }]
      : []),
    ...(expected && testCase.label !== expected.label
      ? [{ pointer: '/label', message: `"${testCase.label}" but the file is in ${expected.label}/` }]
      : []),
    ...vocabularyIssues(testCase),
    ...behaviourIssues(testCase),
    ...faceIssues(testCase),
    ...changeIssues(testCase),
    ...variantIssues(testCase),
  ].map((issue) => ({ file, ...issue }));
  return issues.length ? { ok: false, issues } : { ok: true, testCase };
}

export function loadCaseFile(file: string): CaseLoad {
  const label = basename(dirname(file));
  const expected = (LABELS as readonly string[]).includes(label)
    ? { id: basename(file, '.json'), label: label as Label }
    : undefined;
  return parseCase(file, readFileSync(file, 'utf8'), expected);
}

/** The case files directly in `dir`'s malicious/ and benign/ folders (never deeper, so not the held-out sets). */
export function caseFiles(dir = CORPUS_DIR): string[] {
  return LABELS.flatMap((label) =>
    readdirSync(join(dir, label))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(dir, label, name)),
  );
}

export function formatIssue(issue: CaseIssue): string {
  return `${relative(process.cwd(), issue.file)} ${issue.pointer}: ${issue.message}`;
}

/**
 * Loads every case of a corpus directory (default: the tuning corpus, without the held-out sets);
 * throws one error listing every problem of every file.
 */
export function loadCorpus(dir = CORPUS_DIR): LoadedCase[] {
  const loaded: LoadedCase[] = [];
  const issues: CaseIssue[] = [];
  for (const file of caseFiles(dir)) {
    const result = loadCaseFile(file);
    if (result.ok) loaded.push({ file, testCase: result.testCase });
    else issues.push(...result.issues);
  }
  if (issues.length)
    throw new Error(`Invalid detection corpus cases:\n${issues.map(formatIssue).join('\n')}`);
  return loaded;
}
