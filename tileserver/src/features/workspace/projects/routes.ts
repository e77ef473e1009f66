// Projects (saved maps) and focus areas. A project belongs to a group: its members read and update
// it, a guest with its share link reads it, anyone else gets 404. Filters and style rules are
// validated by the sources API's own schema and stored as data. Plan limits: limits.ts.
import { Hono, type Context } from 'hono';
import { requireSession, type Caller, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import { newSecret, secretHash } from '../../../auth/sessions.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { bodyLimit, requestBody } from '../../../http/request-body.ts';
import { publicOrigin } from '../../../tiles/tile-context.ts';
import { isKnownPlace } from '../../map/places/service.ts';
import { validateDefinition } from '../../../tiles/definition/validate.ts';
import { focusAreaTooLarge, maxFocusAreaSquareMiles, projectLimits } from '../../commerce/plans/project-limits.ts';
import { accessCovers, projectAccess, type ProjectAccess } from './policy.ts';
import {
  attachFocusArea,
  checkShape,
  countFocusAreas,
  countProjects,
  deleteProject,
  detachFocusArea,
  focusAreaGroup,
  focusAreasOfGroup,
  focusAreasOfProject,
  insertFocusArea,
  insertProject,
  isSharedWith,
  projectByPath,
  projectsOfGroup,
  setShareToken,
  sharerName,
  updateProject,
  type ProjectRow,
} from './queries.ts';
import {
  focusAreaBody,
  focusBody,
  projectBody,
  projectUpdate,
  setRootBody,
} from '@parcel-map/contracts/workspace/projects';

export const projectPath = (p: Pick<ProjectRow, 'group_slug' | 'slug'>) => `/g/${p.group_slug}/maps/${p.slug}`;

export function projectRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const { sql } = deps;

  /** Filters and styles must form a valid source definition, so a saved project always renders. */
  const checkedQuery = (query: { path: string; filters: Record<string, unknown> }, styles: unknown[]) => {
    const definition = validateDefinition({
      query: { parcel: true, path: query.path, filters: query.filters },
      styles,
    });
    return { filters: definition.query.filters ?? {}, styles: definition.styles };
  };
  const assertPlace = async (path: string) => {
    if (!(await isKnownPlace(sql, path))) throw new ApiError('BAD_REQUEST', `Unknown place path ${path}`);
  };
  const ownGroup = (caller: Caller): SessionCaller & { group: NonNullable<Caller['group']> } => {
    requireSession(caller);
    if (!caller.group)
      throw new ApiError('FORBIDDEN', 'Saving maps is available to Pro customers. Upgrade to Pro to save projects.', {
        upsell: 'save-map',
        upgrade_url: '/plans#p=level1',
      });
    return caller as SessionCaller & { group: NonNullable<Caller['group']> };
  };

  /** Pro saves 5 projects, Team unlimited (limits.ts). */
  const assertRoomForProject = async (caller: ReturnType<typeof ownGroup>) => {
    const limit = projectLimits[caller.level].projects;
    if ((await countProjects(sql, caller.group.id)) >= limit) {
      throw new ApiError('FORBIDDEN', `Your plan includes ${limit} projects. Upgrade to Team for unlimited projects.`, {
        upsell: 'save-map',
        limit,
      });
    }
  };

  const load = async (
    c: Context,
    need: ProjectAccess,
  ): Promise<{ caller: Caller; project: ProjectRow; access: ProjectAccess }> => {
    const caller = await deps.callers.of(c);
    const slug = c.req.param('slug')!.replace(/\.json$/, '');
    const project = await projectByPath(sql, c.req.param('group')!, slug);
    const share = c.req.query('share');
    const shared = project && share ? await isSharedWith(sql, project.id, secretHash(share)) : false;
    const access = project ? projectAccess(caller, project, shared) : 'none';
    if (!project || access === 'none') throw new ApiError('NOT_FOUND', 'No such project');
    if (need === 'update' && !accessCovers(access, 'update'))
      throw new ApiError('FORBIDDEN', 'You can view this project but not change it');
    if (need === 'manage' && !accessCovers(access, 'manage')) {
      throw new ApiError(
        'FORBIDDEN',
        "Only the account's managers and the project's creator can delete this project or change its share link",
      );
    }
    return { caller, project, access };
  };

  const answer = async (project: ProjectRow, access: ProjectAccess) => {
    const focusAreas = await focusAreasOfProject(sql, project.id);
    const folders = [...new Set(focusAreas.map((f) => f.folder ?? ''))];
    return {
      id: project.id,
      name: project.name,
      slug: project.slug,
      path: projectPath(project),
      url: projectPath(project),
      query: { path: project.root_path, filters: project.filters },
      root: { name: project.root_name, path: project.root_path, headline: project.root_headline },
      styles: project.styles,
      regions: folders.map((folder) => ({
        folder,
        focus_areas: focusAreas.filter((f) => (f.folder ?? '') === folder),
      })),
      permissions: { update: accessCovers(access, 'update'), manage: accessCovers(access, 'manage') },
      group: { path: `/g/${project.group_slug}` },
      shared: project.shared,
      sharer: access === 'read' ? await sharerName(sql, project.id) : null,
      created_at: project.created_at,
      updated_at: project.updated_at,
    };
  };

  app.get('/profile/projects.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    if (!caller.group) return c.json({ projects: [], limit: projectLimits[caller.level].projects });
    const projects = await projectsOfGroup(sql, caller.group.id);
    const limit = projectLimits[caller.level].projects;
    return c.json({
      projects: projects.map((p) => ({
        id: p.id,
        name: p.name,
        path: projectPath(p),
        root: { name: p.root_name, path: p.root_path, headline: p.root_headline },
        updated_at: p.updated_at,
      })),
      limit: Number.isFinite(limit) ? limit : null,
    });
  });

  app.post('/projects.json', async (c) => {
    const caller = ownGroup(await deps.callers.of(c));
    const body = await requestBody(c, projectBody);
    await assertPlace(body.query.path);
    const { filters, styles } = checkedQuery(body.query, body.styles);
    await assertRoomForProject(caller);
    const made = await insertProject(sql, {
      groupId: caller.group.id,
      userId: caller.user.id,
      name: body.name,
      rootPath: body.query.path,
      filters,
      styles,
    });
    const project = (await projectByPath(sql, caller.group.slug, made.slug))!;
    return c.json(await answer(project, 'manage'), 201);
  });

  app.get('/g/:group/maps/:slug{[a-z0-9-]+\\.json}', async (c) => {
    const { project, access } = await load(c, 'read');
    return c.json(await answer(project, access), 200, { 'Cache-Control': 'no-store' });
  });

  app.put('/g/:group/maps/:slug{[a-z0-9-]+\\.json}', async (c) => {
    const { project, access } = await load(c, 'update');
    const body = await requestBody(c, projectUpdate);
    const query = body.query ?? { path: project.root_path, filters: project.filters };
    if (body.query) await assertPlace(body.query.path);
    const checked = checkedQuery(query, body.styles ?? project.styles);
    await updateProject(sql, project.id, {
      name: body.name,
      rootPath: body.query?.path,
      filters: body.query ? checked.filters : undefined,
      styles: body.styles ? checked.styles : undefined,
    });
    return c.json(await answer((await projectByPath(sql, project.group_slug, project.slug))!, access));
  });

  // Stop sharing: the link (and every survey source a guest opened with it) stops working at once. (Mounted before the
  // project's DELETE, so the access matrix, which runs DELETEs in table order, sees the project still there.)
  app.delete('/g/:group/maps/:slug/share.json', async (c) => {
    const { project } = await load(c, 'manage');
    await setShareToken(sql, project.id, null);
    return c.json({ status: 'ok', shared: false });
  });

  app.delete('/g/:group/maps/:slug{[a-z0-9-]+\\.json}', async (c) => {
    const { project } = await load(c, 'manage');
    await deleteProject(sql, project.id);
    return c.json({ status: 'ok' });
  });

  app.post('/g/:group/maps/:slug/copy.json', async (c) => {
    const { caller, project } = await load(c, 'read');
    const own = ownGroup(caller);
    await assertRoomForProject(own);
    const made = await insertProject(sql, {
      groupId: own.group.id,
      userId: own.user.id,
      name: `Copy of ${project.name}`.slice(0, 100),
      rootPath: project.root_path,
      filters: project.filters,
      styles: project.styles,
    });
    return c.json(await answer((await projectByPath(sql, own.group.slug, made.slug))!, 'manage'), 201);
  });

  // The set-root call: "Save your project home to {place}?"
  app.post('/g/:group/maps/:slug/set_root.json', async (c) => {
    const { project, access } = await load(c, 'update');
    const { path } = await requestBody(c, setRootBody);
    await assertPlace(path);
    await updateProject(sql, project.id, { rootPath: path });
    return c.json(await answer((await projectByPath(sql, project.group_slug, project.slug))!, access));
  });

  app.post('/g/:group/maps/:slug/share.json', async (c) => {
    const { project } = await load(c, 'manage');
    // A new link each time; only its hash is kept, so an old link stops working.
    const token = newSecret();
    await setShareToken(sql, project.id, secretHash(token));
    return c.json({ url: `${publicOrigin(c, deps.config)}${projectPath(project)}?share=${token}`, share: token }, 201);
  });

  app.post('/g/:group/maps/:slug/settings/add_focus.json', async (c) => {
    const { project, access } = await load(c, 'update');
    const { id, folder } = await requestBody(c, focusBody);
    if ((await focusAreaGroup(sql, id)) !== project.group_id) throw new ApiError('NOT_FOUND', 'No such focus area');
    await attachFocusArea(sql, project.id, id, folder);
    return c.json(await answer(project, access));
  });

  app.post('/g/:group/maps/:slug/settings/remove_focus.json', async (c) => {
    const { project, access } = await load(c, 'update');
    const { id } = await requestBody(c, focusBody);
    if (!(await detachFocusArea(sql, project.id, id)))
      throw new ApiError('NOT_FOUND', 'That focus area is not in this project');
    return c.json(await answer(project, access));
  });

  app.get('/neighborhoods.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    return c.json({ focus_areas: caller.group ? await focusAreasOfGroup(sql, caller.group.id) : [] });
  });

  app.post('/neighborhoods.json', bodyLimit(512 * 1024), async (c) => {
    const caller = ownGroup(await deps.callers.of(c));
    const body = await requestBody(c, focusAreaBody);
    let shape: Awaited<ReturnType<typeof checkShape>>;
    try {
      shape = await checkShape(sql, body.shape);
    } catch {
      throw new ApiError('BAD_REQUEST', 'The shape is not a GeoJSON polygon (rings of [lon, lat] positions)');
    }
    if (!shape.valid) throw new ApiError('BAD_REQUEST', `The shape is not a valid polygon: ${shape.reason}`);
    if (shape.squareMiles >= maxFocusAreaSquareMiles)
      throw new ApiError('BAD_REQUEST', focusAreaTooLarge, { square_miles: Math.round(shape.squareMiles * 10) / 10 });
    const limit = projectLimits[caller.level].focusAreas;
    if ((await countFocusAreas(sql, caller.group.id)) >= limit) {
      throw new ApiError(
        'FORBIDDEN',
        `Your plan includes ${limit} focus areas. Upgrade to Team for unlimited focus areas.`,
        { limit },
      );
    }
    // The project first: an unknown map_slug must not leave a focus area behind.
    const project = body.map_slug ? await projectByPath(sql, caller.group.slug, body.map_slug) : undefined;
    if (body.map_slug && !project) throw new ApiError('NOT_FOUND', 'No such project');
    const id = await insertFocusArea(sql, {
      groupId: caller.group.id,
      userId: caller.user.id,
      name: body.name,
      description: body.description,
      shape: body.shape,
    });
    let mapRegions: unknown = null;
    if (project) {
      await attachFocusArea(sql, project.id, id, '');
      mapRegions = (await answer(project, 'update')).regions;
    }
    return c.json(
      {
        id,
        path: `/g/${caller.group.slug}/focus/${id}`,
        set_as_default: body.set_as_default,
        map_slug: body.map_slug ?? null,
        map_regions: mapRegions,
      },
      201,
    );
  });

  return app;
}
